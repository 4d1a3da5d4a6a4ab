// Importing walk-ins and college-fair sheets into a list: a CSV as Excel saves it (UTF-8,
// with or without a byte-order mark), its header naming the form's fields by their labels
// or keys, each row checked by the very rules the form's own schema applies (contract/), a
// preview that says why each bad row cannot be stored before anything is, and then the
// good rows stored through the ingest like any submission. Each row's Idempotency-Key is the
// file's SHA-256 and the row's line, so a file imported twice stores nothing the second
// time (and an import cut off halfway stores the rest when it is sent again). Every imported
// lead records its source as `import` with the file's name.
import { createHash } from 'node:crypto';
import { LEAD_KINDS, type LeadField, type ListedKind } from '../../contract/lead-kinds.ts';
import { LEAD_SCHEMAS } from '../../contract/lead-schemas.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, WORKSPACE_MESSAGES, type ImportResponse, type ImportRow } from '../../contract/workspace.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AnyLeadResource, Ingest } from '../ingest/ingest.ts';
import { selectByKeys } from '../ingest/statements.ts';
import type { ListedLead } from '../leads/definitions.ts';
import { LISTED_LEADS } from '../leads/definitions.ts';
import { HttpError } from '../lib/http.ts';
import { validate } from '../lib/validate.ts';
import { CsvError, parseCsv } from './parse-csv.ts';

/** Rows given to the ingest at once (its group commit takes them as one statement per kind). */
const CHUNK = 500;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Lists whose form sets a password cannot be imported: no one chose one. */
export function importable(kind: ListedKind): boolean {
  return !LEAD_KINDS[kind].fields.some((f) => f.key === 'password');
}

function decode(bytes: Uint8Array): string {
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw new HttpError(413, WORKSPACE_MESSAGES.importTooLarge);
  try {
    // TextDecoder drops a leading byte-order mark.
    return UTF8.decode(bytes);
  } catch {
    throw new HttpError(400, WORKSPACE_MESSAGES.importNotUtf8);
  }
}

const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** Which column holds each field: a header cell that is the field's label or its key. */
function columnsOf(header: string[], fields: readonly LeadField[]): Map<string, number> {
  const found = new Map<string, number>();
  header.forEach((cell, i) => {
    const n = norm(cell);
    const field = fields.find((f) => norm(f.label) === n || norm(f.key) === n);
    if (field && !found.has(field.key)) found.set(field.key, i);
  });
  const missing = fields.filter((f) => !found.has(f.key)).map((f) => f.label);
  if (missing.length > 0) throw new HttpError(400, WORKSPACE_MESSAGES.importMissingColumns(missing));
  return found;
}

export interface ImportInput {
  kind: ListedKind;
  fileName: string;
  bytes: Uint8Array;
  commit: boolean;
}

interface Prepared {
  line: number;
  key: string;
  body: Record<string, unknown>;
  errors?: Record<string, string>;
}

function prepare(input: ImportInput): Prepared[] {
  let rows;
  try {
    rows = parseCsv(decode(input.bytes));
  } catch (err) {
    if (err instanceof CsvError) throw new HttpError(400, `Line ${err.line}: ${err.message}`);
    throw err;
  }
  const [header, ...data] = rows;
  if (!header || data.length === 0) throw new HttpError(400, WORKSPACE_MESSAGES.importEmpty);
  if (data.length > IMPORT_MAX_ROWS) throw new HttpError(413, WORKSPACE_MESSAGES.importTooLarge);
  const fields = LEAD_KINDS[input.kind].fields;
  const columns = columnsOf(header.cells, fields);
  const fileHash = createHash('sha256').update(input.bytes).digest('hex');
  const source = { first: { utm_source: 'import', utm_medium: 'file', utm_content: input.fileName.slice(0, 200) } };
  const schema = LEAD_SCHEMAS[input.kind];
  return data.map((row) => {
    const body: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f.key, row.cells[columns.get(f.key)!] ?? '']));
    const checked = validate(schema, body);
    return {
      line: row.line,
      key: `import-${fileHash.slice(0, 40)}-${row.line}`,
      body: { ...body, source },
      ...(checked.ok ? {} : { errors: checked.error.errors ?? { _: checked.error.message } }),
    };
  });
}

export async function importLeads(db: Kysely<Database>, ingest: Ingest, input: ImportInput): Promise<ImportResponse> {
  const lead = LISTED_LEADS[input.kind] as AnyLeadResource & ListedLead;
  const prepared = prepare(input);
  const good = prepared.filter((p) => !p.errors);
  const stored = await selectByKeys(
    db,
    lead.table,
    good.map((p) => p.key),
  );
  const rows: ImportRow[] = prepared
    .filter((p) => p.errors || stored.has(p.key))
    .map((p) => (p.errors ? { line: p.line, ok: false, errors: p.errors } : { line: p.line, ok: true, duplicate: true }));
  const answer: ImportResponse = {
    fileName: input.fileName,
    committed: false,
    total: prepared.length,
    valid: good.length,
    invalid: prepared.length - good.length,
    rows,
  };
  if (!input.commit) return { ...answer, alreadyStored: stored.size };
  const fresh = good.filter((p) => !stored.has(p.key));
  let storedNow = 0;
  for (let i = 0; i < fresh.length; i += CHUNK) {
    const chunk = fresh.slice(i, i + CHUNK);
    const answers = await ingest(
      lead,
      chunk.map((p) => ({ key: p.key, body: p.body })),
    );
    answers.forEach((a, j) => {
      if (a.status === 201 && !a.replayed) storedNow += 1;
      else if (a.status >= 400)
        rows.push({ line: chunk[j]!.line, ok: false, errors: { _: String((a.body as { message?: string })?.message ?? a.status) } });
    });
  }
  return { ...answer, committed: true, stored: storedNow, alreadyStored: stored.size };
}
