// Spend per source per month, entered by admins: the form (a source the report knows or a new
// one, the month, whole rupees; the same source and month again replaces the figure) and the
// period's entries. Saving reloads the report, whose source rows then carry their costs.
import { useId, useState, type FormEvent } from 'react';
import { rupeesText } from '../../../../../contract/bookings.ts';
import { REPORT_PATHS, SPEND_MAX_RUPEES, type SpendEntry, type SpendResponse } from '../../../../../contract/reports.ts';
import { useToast } from '../../../../components/Toast.tsx';
import { ErrorNotice } from '../common/controls.tsx';
import { adminRequest } from '../common/request.ts';
import { attempt, useAdminData } from '../common/use-admin-data.ts';

function SpendForm({ sources, onSaved, month: initialMonth }: { sources: string[]; onSaved: () => void; month: string }) {
  const toast = useToast();
  const id = useId();
  const [source, setSource] = useState('');
  const [month, setMonth] = useState(initialMonth);
  const [rupees, setRupees] = useState('');
  const [saving, setSaving] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    const done = await attempt(
      () => adminRequest<{ entry: SpendEntry }>(REPORT_PATHS.spend, { method: 'PUT', body: { source, month, rupees: Number(rupees) } }),
      (message) => toast.show(message, 'error'),
      'Could not save the spend. Please try again.',
    );
    setSaving(false);
    if (!done) return;
    toast.show(`Spend saved: ${done.entry.source}, ${done.entry.month}, ${rupeesText(done.entry.rupees)}`, 'success');
    setRupees('');
    onSaved();
  };
  return (
    <form className="console-filters" onSubmit={(e) => void save(e)} aria-label="Enter spend">
      <div className="console-field">
        <label htmlFor={`${id}-source`}>Source (utm_source)</label>
        <input
          id={`${id}-source`}
          list={`${id}-sources`}
          value={source}
          required
          maxLength={200}
          onChange={(e) => setSource(e.target.value)}
        />
        <datalist id={`${id}-sources`}>
          {sources.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-month`}>Month</label>
        <input
          id={`${id}-month`}
          type="month"
          value={month}
          required
          pattern="\d{4}-\d{2}"
          placeholder="2026-10"
          onChange={(e) => setMonth(e.target.value)}
        />
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-rupees`}>Spend (₹)</label>
        <input
          id={`${id}-rupees`}
          type="number"
          inputMode="numeric"
          min={0}
          max={SPEND_MAX_RUPEES}
          step={1}
          value={rupees}
          required
          onChange={(e) => setRupees(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn--small" disabled={saving}>
        {saving ? 'Saving…' : 'Save spend'}
      </button>
    </form>
  );
}

export function SpendSection(props: { from: string; to: string; sources: string[]; manages: boolean; onSaved: () => void }) {
  const id = useId();
  const path = `${REPORT_PATHS.spend}?from=${props.from.slice(0, 7)}&to=${props.to.slice(0, 7)}`;
  const [loaded, reload] = useAdminData<SpendResponse>(path, 'Could not load the spend');
  const entries = loaded.state === 'error' ? undefined : loaded.data?.data;
  const saved = () => {
    reload();
    props.onSaved();
  };
  return (
    <section aria-labelledby={`${id}-title`} className="console-chart report-spend">
      <h2 id={`${id}-title`}>Spend per source</h2>
      <p className="muted">Each month’s spend counts towards a period by the days of it the period covers.</p>
      {props.manages && <SpendForm sources={props.sources} onSaved={saved} month={props.to.slice(0, 7)} />}
      {loaded.state === 'error' && <ErrorNotice message={loaded.message} onRetry={reload} />}
      {loaded.state === 'loading' && !entries && <p aria-busy="true">Loading the spend…</p>}
      {entries?.length === 0 && <p className="muted">No spend entered for these months.</p>}
      {entries && entries.length > 0 && (
        <div className="console-table-wrap">
          <table className="console-table console-table--compact" data-testid="spend-entries">
            <caption className="visually-hidden">Spend entered per source and month</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Source</th>
                <th scope="col" className="is-number">
                  Spend
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={`${e.month} ${e.source}`}>
                  <th scope="row">{e.month}</th>
                  <td>{e.source}</td>
                  <td className="is-number">{rupeesText(e.rupees)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
