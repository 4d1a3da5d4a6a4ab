// Import walk-ins and college-fair sheets into a list: the file (CSV, as Excel saves it) is
// checked row by row by the form's own rules and shown before anything is stored; then the
// good rows are imported, to the importer if they say so. Importing the same file again stores
// nothing twice.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LEAD_KINDS, LISTED_KINDS, type ListSlug } from '../../../../../contract/lead-kinds.ts';
import { CONSENT_BASIS_MAX } from '../../../../../contract/consent.ts';
import { consentBasisError, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportResponse } from '../../../../../contract/lead-import.ts';
import { WORKSPACE_PATHS } from '../../../../../contract/workspace.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { formatCount } from '../common/format.ts';
import { useMember } from '../common/member.tsx';
import { AdminRequestError, adminRequest } from '../common/request.ts';

/** Lists a sheet can fill: not those whose form sets a password. */
const IMPORTABLE = LISTED_KINDS.filter((k) => !LEAD_KINDS[k].fields.some((f) => f.key === 'password')).map((k) => LEAD_KINDS[k].list);

type Step =
  { state: 'choose' } | { state: 'busy' } | { state: 'checked' | 'done'; answer: ImportResponse } | { state: 'error'; message: string };

/** Columns the form has no field for: said before anything is stored (a Date column above all: the lead's date is today's). */
function ignoredText(columns: string[]): string {
  const date = columns.find((c) => /\b(date|time|timestamp)\b/i.test(c));
  const names = columns.map((c) => `“${c}”`).join(', ');
  return `Not imported: ${names}${date ? ` — each lead is dated when it is imported, not by “${date}”` : ''}.`;
}

function Preview({ answer }: { answer: ImportResponse }) {
  const bad = answer.rows.filter((r) => !r.ok);
  return (
    <div className="import-preview">
      <p role="status">
        {answer.committed
          ? `${formatCount(answer.stored ?? 0)} imported${answer.alreadyStored ? `, ${formatCount(answer.alreadyStored)} already imported before` : ''}${answer.invalid ? `, ${formatCount(answer.invalid)} left out` : ''}${answer.assignedToMe !== undefined ? `; ${formatCount(answer.assignedToMe)} assigned to you` : ''}.`
          : `${answer.fileName}: ${formatCount(answer.total)} rows, ${formatCount(answer.valid)} ready to import, ${formatCount(answer.invalid)} with problems.`}
      </p>
      {answer.ignoredColumns.length > 0 && <p className="import-ignored">{ignoredText(answer.ignoredColumns)}</p>}
      {bad.length > 0 && (
        <table className="console-table import-errors">
          <caption>Rows that will not be imported</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
            </tr>
          </thead>
          <tbody>
            {bad.slice(0, 200).map((r) => (
              <tr key={r.line}>
                <td>{r.messages?.join('. ') ?? `Line ${r.line}: ${Object.values(r.errors ?? {}).join('; ')}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** How the file's people agreed to be contacted: kept as each imported lead's consent record. */
function ConsentBasisField({ basis, onChange, showError }: { basis: string; onChange: (value: string) => void; showError: boolean }) {
  const id = useId();
  const error = showError ? consentBasisError(basis) : undefined;
  return (
    <div className="console-field console-field--wide">
      <label htmlFor={`${id}-basis`}>How these people agreed to be contacted</label>
      <textarea
        id={`${id}-basis`}
        rows={2}
        aria-required="true"
        maxLength={CONSENT_BASIS_MAX}
        value={basis}
        placeholder="Paper form at the Pune career fair, 12 Nov, consent box ticked"
        aria-describedby={`${id}-basis-help${error ? ` ${id}-basis-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <small id={`${id}-basis-help`} className="muted">
        Kept as each imported lead&apos;s consent record. Leads without one get no automatic email or marketing.
      </small>
      {error && (
        <small id={`${id}-basis-error`} className="console-error">
          {error}
        </small>
      )}
    </div>
  );
}

/** The file sent to be checked (nothing stored) or imported; the step says where that stands. */
function useImportFile(slug: ListSlug, file: File | null, basis: string, toMe: boolean) {
  const [step, setStep] = useState<Step>({ state: 'choose' });
  const send = async (commit: boolean) => {
    if (!file || consentBasisError(basis)) return;
    setStep({ state: 'busy' });
    try {
      const query = new URLSearchParams({
        fileName: file.name,
        consentBasis: basis.trim(),
        ...(commit ? { commit: '1' } : {}),
        ...(commit && toMe ? { assignToMe: '1' } : {}),
      });
      const { data } = await adminRequest<ImportResponse>(`${WORKSPACE_PATHS.import}/${slug}?${query}`, { method: 'POST', file });
      setStep({ state: commit ? 'done' : 'checked', answer: data });
    } catch (err) {
      const message =
        err instanceof AdminRequestError && err.serverMessage ? err.serverMessage : 'Could not read the file. Please try again.';
      setStep({ state: 'error', message });
    }
  };
  return { step, setStep, send };
}

export default function ImportPage() {
  const id = useId();
  const [slug, setSlug] = useState<ListSlug>(IMPORTABLE[0]!.slug);
  const [file, setFile] = useState<File | null>(null);
  const [toMe, setToMe] = useState(false);
  const [basis, setBasis] = useState('');
  const [basisTouched, setBasisTouched] = useState(false);
  const { step, setStep, send } = useImportFile(slug, file, basis, toMe);
  const member = useMember();
  const list = IMPORTABLE.find((l) => l.slug === slug)!;
  const kind = LISTED_KINDS.find((k) => LEAD_KINDS[k].list.slug === slug)!;
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
        <ConsentBasisField
          basis={basis}
          showError={basisTouched}
          onChange={(value) => {
            setBasis(value);
            setStep({ state: 'choose' });
          }}
        />
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
        <div className="import-commit">
          {member.can('leads.work') && (
            <label className="chip-option">
              <input type="checkbox" checked={toMe} onChange={(e) => setToMe(e.target.checked)} /> Assign these to me (met at my stall)
            </label>
          )}
          <button type="button" className="btn" onClick={() => void send(true)}>
            Import {formatCount(step.answer.valid)} {step.answer.valid === 1 ? 'row' : 'rows'} into {list.title}
          </button>
        </div>
      )}
      {step.state === 'done' && <Link to={`/admin/${slug}`}>Open {list.title}</Link>}
    </section>
  );
}
