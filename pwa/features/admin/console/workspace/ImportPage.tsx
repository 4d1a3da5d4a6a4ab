// Import walk-ins and college-fair sheets into a list: the file (CSV, as Excel saves it) is
// checked row by row by the form's own rules and shown before anything is stored; then the
// good rows are imported. Importing the same file again stores nothing twice.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LEAD_KINDS, LISTED_KINDS, type ListSlug } from '../../../../../contract/lead-kinds.ts';
import { CONSENT_BASIS_MAX } from '../../../../../contract/consent.ts';
import {
  consentBasisError,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  WORKSPACE_PATHS,
  type ImportResponse,
} from '../../../../../contract/workspace.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { formatCount } from '../format.ts';
import { AdminRequestError, adminRequest } from '../request.ts';

/** Lists a sheet can fill: not those whose form sets a password. */
const IMPORTABLE = LISTED_KINDS.filter((k) => !LEAD_KINDS[k].fields.some((f) => f.key === 'password')).map((k) => LEAD_KINDS[k].list);

type Step =
  { state: 'choose' } | { state: 'busy' } | { state: 'checked' | 'done'; answer: ImportResponse } | { state: 'error'; message: string };

function Preview({ answer }: { answer: ImportResponse }) {
  const bad = answer.rows.filter((r) => !r.ok);
  return (
    <div className="import-preview">
      <p role="status">
        {answer.committed
          ? `${formatCount(answer.stored ?? 0)} imported${answer.alreadyStored ? `, ${formatCount(answer.alreadyStored)} already imported before` : ''}${answer.invalid ? `, ${formatCount(answer.invalid)} left out` : ''}.`
          : `${answer.fileName}: ${formatCount(answer.total)} rows, ${formatCount(answer.valid)} ready to import, ${formatCount(answer.invalid)} with problems.`}
      </p>
      {bad.length > 0 && (
        <table className="console-table import-errors">
          <caption>Rows that will not be imported</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {bad.slice(0, 200).map((r) => (
              <tr key={r.line}>
                <td>{r.line}</td>
                <td>{Object.values(r.errors ?? {}).join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export default function ImportPage() {
  const id = useId();
  const [slug, setSlug] = useState<ListSlug>(IMPORTABLE[0]!.slug);
  const [file, setFile] = useState<File | null>(null);
  const [basis, setBasis] = useState('');
  const [basisTouched, setBasisTouched] = useState(false);
  const basisError = consentBasisError(basis);
  const [step, setStep] = useState<Step>({ state: 'choose' });
  const list = IMPORTABLE.find((l) => l.slug === slug)!;
  const kind = LISTED_KINDS.find((k) => LEAD_KINDS[k].list.slug === slug)!;
  const send = async (commit: boolean) => {
    if (!file || basisError) return;
    setStep({ state: 'busy' });
    try {
      const query = new URLSearchParams({ fileName: file.name, consentBasis: basis.trim(), ...(commit ? { commit: '1' } : {}) });
      const { data } = await adminRequest<ImportResponse>(`${WORKSPACE_PATHS.import}/${slug}?${query}`, { method: 'POST', file });
      setStep({ state: commit ? 'done' : 'checked', answer: data });
    } catch (err) {
      const message =
        err instanceof AdminRequestError && err.serverMessage ? err.serverMessage : 'Could not read the file. Please try again.';
      setStep({ state: 'error', message });
    }
  };
  const check = (e: FormEvent) => {
    e.preventDefault();
    setBasisTouched(true);
    void send(false);
  };
  return (
    <section aria-labelledby="console-title" className="console-import">
      <Meta title="Import | Admin" description="Import leads from a sheet." robots="noindex" />
      <h1 id="console-title">Import leads</h1>
      <p>
        A CSV file saved from Excel or Google Sheets, its first row naming the columns:{' '}
        {LEAD_KINDS[kind].fields.map((f) => f.label).join(', ')}. At most {formatCount(IMPORT_MAX_ROWS)} rows and{' '}
        {IMPORT_MAX_BYTES / 1024 / 1024} MB. Nothing is stored until you have seen the check.
      </p>
      <form onSubmit={check} className="console-filters" aria-label="Check a file to import">
        <div className="console-field">
          <label htmlFor={`${id}-list`}>Into the list</label>
          <select
            id={`${id}-list`}
            value={slug}
            onChange={(e) => {
              setSlug(e.target.value as ListSlug);
              setStep({ state: 'choose' });
            }}
          >
            {IMPORTABLE.map((l) => (
              <option key={l.slug} value={l.slug}>
                {l.title}
              </option>
            ))}
          </select>
        </div>
        <div className="console-field console-field--grow">
          <label htmlFor={`${id}-file`}>CSV file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            required
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setStep({ state: 'choose' });
            }}
          />
        </div>
        <div className="console-field console-field--wide">
          <label htmlFor={`${id}-basis`}>How these people agreed to be contacted</label>
          <textarea
            id={`${id}-basis`}
            rows={2}
            aria-required="true"
            maxLength={CONSENT_BASIS_MAX}
            value={basis}
            placeholder="Paper form at the Pune career fair, 12 Nov, consent box ticked"
            aria-describedby={`${id}-basis-help${basisTouched && basisError ? ` ${id}-basis-error` : ''}`}
            aria-invalid={basisTouched && basisError ? true : undefined}
            onChange={(e) => {
              setBasis(e.target.value);
              setStep({ state: 'choose' });
            }}
            onBlur={() => setBasisTouched(true)}
          />
          <small id={`${id}-basis-help`} className="muted">
            Kept as each imported lead&apos;s consent record. Leads without one get no automatic email or marketing.
          </small>
          {basisTouched && basisError && (
            <small id={`${id}-basis-error`} className="console-error">
              {basisError}
            </small>
          )}
        </div>
        <button type="submit" className="btn btn--small" disabled={!file || step.state === 'busy'}>
          {step.state === 'busy' ? 'Working…' : 'Check the file'}
        </button>
      </form>
      {step.state === 'error' && (
        <p className="console-error" role="alert">
          {step.message}
        </p>
      )}
      {(step.state === 'checked' || step.state === 'done') && <Preview answer={step.answer} />}
      {step.state === 'checked' && step.answer.valid > 0 && (
        <button type="button" className="btn" onClick={() => void send(true)}>
          Import {formatCount(step.answer.valid)} {step.answer.valid === 1 ? 'row' : 'rows'} into {list.title}
        </button>
      )}
      {step.state === 'done' && <Link to={`/admin/${slug}`}>Open {list.title}</Link>}
    </section>
  );
}
