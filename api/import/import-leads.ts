// Importing walk-ins and college-fair sheets into a list: a CSV as Excel saves it (UTF-8,
// with or without a byte-order mark), its header naming the form's fields by their labels
// or keys, each row checked by the very rules the form's own schema applies (contract/), a
// preview that says why each bad row cannot be stored before anything is, and then the
// good rows stored through the ingest like any submission. Each row's Idempotency-Key is the
// file's SHA-256 and the row's line, so a file imported twice stores nothing the second
// time (and an import cut off halfway stores the rest when it is sent again). Every imported
// lead records its source as `import` with the file's name, and as its consent record the
// basis the file was collected on (what the importer says the people agreed to). The file is
// read a piece at a time, twice (judged whole, then stored), holding neither its text nor its
// rows; imports wait their turn (api/resources/import.ts), so memory stays bounded however many arrive.
import { createHash } from 'node:crypto';
import { IMPORT_CONSENT_VERSION, type ConsentRecord } from '../../contract/consent.ts';
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
import { CsvError, CsvReader, type CsvRow } from './parse-csv.ts';

/**
 * Rows given to the ingest at once (its group commit takes them as one statement per kind):
 * few enough that a chunk of long rows (a message is up to 5,000 characters) stays small.
 */
const CHUNK = 100;
/** Bytes decoded and parsed at a time. */
const PIECE = 64 * 1024;

/** Lists whose form sets a password cannot be imported: no one chose one. */
export function importable(kind: ListedKind): boolean {
  return !LEAD_KINDS[kind].fields.some((f) => f.key === 'password');
}

/** The file's rows, read a piece at a time: never the whole file as one string, nor all its rows. */
function* rowsOf(bytes: Uint8Array): Generator<CsvRow> {
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw new HttpError(413, WORKSPACE_MESSAGES.importTooLarge);
  // TextDecoder drops a leading byte-order mark, and keeps a character cut between pieces.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const reader = new CsvReader();
  try {
    for (let at = 0; at < bytes.byteLength; at += PIECE) {
      yield* reader.push(decoder.decode(bytes.subarray(at, at + PIECE), { stream: true }));
    }
    yield* reader.push(decoder.decode());
    yield* reader.end();
  } catch (err) {
    if (err instanceof CsvError) throw new HttpError(400, `Line ${err.line}: ${err.message}`);
    if (err instanceof TypeError) throw new HttpError(400, WORKSPACE_MESSAGES.importNotUtf8);
    throw err;
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
  /** How the people in the file agreed to be contacted: each lead's consent record. */
  consentBasis: string;
  now: Date;
}

interface Prepared {
  line: number;
  key: string;
  body: Record<string, unknown>;
  errors?: Record<string, string>;
}

/** The file's rows checked by the form's rules, one at a time, each with its Idempotency-Key. */
function* prepared(input: ImportInput): Generator<Prepared> {
  const fields = LEAD_KINDS[input.kind].fields;
  const fileHash = createHash('sha256').update(input.bytes).digest('hex');
  const source = { first: { utm_source: 'import', utm_medium: 'file', utm_content: input.fileName.slice(0, 200) } };
  const consent: ConsentRecord = {
    version: IMPORT_CONSENT_VERSION,
    at: input.now.toISOString(),
    marketing: false,
    basis: input.consentBasis,
  };
  const schema = LEAD_SCHEMAS[input.kind];
  let columns: Map<string, number> | undefined;
  let count = 0;
  for (const row of rowsOf(input.bytes)) {
    if (!columns) {
      columns = columnsOf(row.cells, fields);
      continue;
    }
    if (++count > IMPORT_MAX_ROWS) throw new HttpError(413, WORKSPACE_MESSAGES.importTooLarge);
    const body: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f.key, row.cells[columns!.get(f.key)!] ?? '']));
    const checked = validate(schema, body);
    yield {
      line: row.line,
      key: `import-${fileHash.slice(0, 40)}-${row.line}`,
      body: { ...body, source, consent },
      ...(checked.ok ? {} : { errors: checked.error.errors ?? { _: checked.error.message } }),
    };
  }
  if (count === 0) throw new HttpError(400, WORKSPACE_MESSAGES.importEmpty);
}

/** The good rows of the file, CHUNK at a time. */
function* goodChunks(input: ImportInput): Generator<Prepared[]> {
  let chunk: Prepared[] = [];
  for (const p of prepared(input)) {
    if (p.errors) continue;
    chunk.push(p);
    if (chunk.length === CHUNK) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/**
 * The check: every row read and judged, nothing stored. Keeps only the bad rows' reasons and
 * the rows an earlier import stored (looked up a chunk at a time).
 */
async function check(db: Kysely<Database>, lead: ListedLead, input: ImportInput): Promise<ImportResponse> {
  const rows: ImportRow[] = [];
  let total = 0;
  let alreadyStored = 0;
  let keys: Array<{ line: number; key: string }> = [];
  const lookUp = async () => {
    const stored = await selectByKeys(
      db,
      lead.table,
      keys.map((k) => k.key),
    );
    for (const k of keys) if (stored.has(k.key)) rows.push({ line: k.line, ok: true, duplicate: true });
    alreadyStored += stored.size;
    keys = [];
  };
  for (const p of prepared(input)) {
    total += 1;
    if (p.errors) rows.push({ line: p.line, ok: false, errors: p.errors });
    else keys.push({ line: p.line, key: p.key });
    if (keys.length === CHUNK) await lookUp();
  }
  if (keys.length > 0) await lookUp();
  rows.sort((a, b) => a.line - b.line);
  const invalid = rows.filter((r) => !r.ok).length;
  return { fileName: input.fileName, committed: false, total, valid: total - invalid, invalid, rows, alreadyStored };
}

export async function importLeads(db: Kysely<Database>, ingest: Ingest, input: ImportInput): Promise<ImportResponse> {
  const lead = LISTED_LEADS[input.kind] as AnyLeadResource & ListedLead;
  // The whole file is read and judged before anything is stored (a file refused at its last
  // line stores nothing), then read again to store its good rows a chunk at a time.
  const answer = await check(db, lead, input);
  if (!input.commit) return answer;
  const { rows } = answer;
  let storedNow = 0;
  for (const chunk of goodChunks(input)) {
    const stored = await selectByKeys(
      db,
      lead.table,
      chunk.map((p) => p.key),
    );
    const fresh = chunk.filter((p) => !stored.has(p.key));
    if (fresh.length === 0) continue;
    const answers = await ingest(
      lead,
      fresh.map((p) => ({ key: p.key, body: p.body })),
    );
    answers.forEach((a, j) => {
      if (a.status === 201 && !a.replayed) storedNow += 1;
      else if (a.status >= 400)
        rows.push({ line: fresh[j]!.line, ok: false, errors: { _: String((a.body as { message?: string })?.message ?? a.status) } });
    });
  }
  return { ...answer, committed: true, stored: storedNow };
}
