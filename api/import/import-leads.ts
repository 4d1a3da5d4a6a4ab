// Importing walk-ins and college-fair sheets into a list: a CSV as Excel saves it (UTF-8,
// with or without a byte-order mark), its header naming the form's fields by their labels
// or keys, each row checked by the very rules the form's own schema applies (contract/), a
// preview that says why each bad row cannot be stored before anything is, and then the
// good rows stored through the ingest like any submission. Each row's Idempotency-Key is the
// file's SHA-256 and the row's line, so a file imported twice stores nothing the second
// time (and an import cut off halfway stores the rest when it is sent again). Every imported
// lead records its source as `import` with the file's name, and as its consent record the
// basis the file was collected on (what the importer says the people agreed to). A refused row is said as a
// sentence naming the person and the value; a row with the email or phone of an earlier
// row of the file is left out; columns that name no field are listed as not imported; and
// the importer may take the stored leads as theirs (a fair's walk-ins met at their stall).
import { createHash } from 'node:crypto';
import { IMPORT_CONSENT_VERSION, type ConsentRecord } from '../../contract/consent.ts';
import { LEAD_KINDS, type LeadField, type ListedKind } from '../../contract/lead-kinds.ts';
import { LEAD_SCHEMAS } from '../../contract/lead-schemas.ts';
import { tenDigitPhone } from '../../contract/phone.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, WORKSPACE_MESSAGES, type ImportResponse, type ImportRow } from '../../contract/workspace.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { can } from '../desk/access.ts';
import { updateLead, type Work } from '../desk/lead-work.ts';
import type { Member } from '../lib/auth.ts';
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

/** Which column holds each field (a header cell that is the field's label or its key), and the cells that name none. */
function columnsOf(header: string[], fields: readonly LeadField[]): { columns: Map<string, number>; ignored: string[] } {
  const found = new Map<string, number>();
  const ignored: string[] = [];
  header.forEach((cell, i) => {
    const n = norm(cell);
    const field = fields.find((f) => norm(f.label) === n || norm(f.key) === n);
    if (field && !found.has(field.key)) found.set(field.key, i);
    else if (cell.trim()) ignored.push(cell.trim());
  });
  const missing = fields.filter((f) => !found.has(f.key)).map((f) => f.label);
  if (missing.length > 0) throw new HttpError(400, WORKSPACE_MESSAGES.importMissingColumns(missing));
  return { columns: found, ignored };
}

/** Excel shows a long number it was not told is text as "9.12346E+09", and saves it so. */
const SCIENTIFIC = /^\d(?:\.\d+)?e\+?\d+$/i;

/** One problem of a row as a sentence: the line, the person, the value and what to do. */
function problem(line: number, who: string, field: { key: string; column: string } | undefined, value: string, message: string): string {
  const head = `Line ${line}${who ? `, ${who}` : ''}: `;
  if (field?.key === 'phone' && value) {
    const excel = SCIENTIFIC.test(value) ? ` — format the ${field.column} column as Text in Excel` : '';
    return `${head}'${value}' is not a 10-digit number${excel}`;
  }
  return `${head}${field && value ? `${field.column} '${value}': ` : ''}${message}`;
}

const whoOf = (body: Record<string, unknown>) =>
  String(body.name ?? [body.firstName, body.lastName].filter(Boolean).join(' '))
    .trim()
    .slice(0, 80);

/** Leaves out a row with the email or the phone of an earlier row of the file: the same person, listed twice. */
function flagRepeats(rows: Prepared[]): void {
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (row.errors) continue;
    const email = String(row.body.email ?? '')
      .trim()
      .toLowerCase();
    const phone = tenDigitPhone(String(row.body.phone ?? ''));
    const keys = [email && `email:${email}`, phone && `phone:${phone}`].filter(Boolean) as string[];
    const earlier = keys.map((k) => ({ k, line: seen.get(k) })).find((e) => e.line !== undefined);
    if (earlier) {
      const what = earlier.k.startsWith('email') ? 'email' : 'phone';
      const reason = `The same ${what} as line ${earlier.line}: left out, so they are not imported twice`;
      row.errors = { _: reason };
      row.duplicateOf = earlier.line;
      row.messages = [
        `Line ${row.line}${row.who ? `, ${row.who}` : ''}: the same ${what} as line ${earlier.line} — left out, so they are not imported twice`,
      ];
      continue;
    }
    for (const k of keys) seen.set(k, row.line);
  }
}

export interface ImportInput {
  kind: ListedKind;
  fileName: string;
  bytes: Uint8Array;
  commit: boolean;
  /** How the people in the file agreed to be contacted: each lead's consent record. */
  consentBasis: string;
  now: Date;
  /** "Assign these to me": the stored leads become this member's (a counsellor takes those in the pool). */
  assignTo?: { member: Member; work: Work };
}

interface Prepared {
  line: number;
  key: string;
  body: Record<string, unknown>;
  who: string;
  errors?: Record<string, string>;
  messages?: string[];
  duplicateOf?: number;
}

function prepare(input: ImportInput): { prepared: Prepared[]; ignored: string[] } {
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
  const { columns, ignored } = columnsOf(header.cells, fields);
  const fileHash = createHash('sha256').update(input.bytes).digest('hex');
  const source = { first: { utm_source: 'import', utm_medium: 'file', utm_content: input.fileName.slice(0, 200) } };
  const consent: ConsentRecord = {
    version: IMPORT_CONSENT_VERSION,
    at: input.now.toISOString(),
    marketing: false,
    basis: input.consentBasis,
  };
  const schema = LEAD_SCHEMAS[input.kind];
  const prepared = data.map((row): Prepared => {
    const body: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f.key, row.cells[columns.get(f.key)!] ?? '']));
    const checked = validate(schema, body);
    const who = whoOf(body);
    const errors = checked.ok ? undefined : (checked.error.errors ?? { _: checked.error.message });
    const messages = Object.entries(errors ?? {}).map(([key, message]) =>
      problem(
        row.line,
        who,
        columns.has(key) ? { key, column: header.cells[columns.get(key)!]!.trim() } : undefined,
        String(body[key] ?? '').trim(),
        message,
      ),
    );
    return {
      line: row.line,
      key: `import-${fileHash.slice(0, 40)}-${row.line}`,
      body: { ...body, source, consent },
      who,
      ...(errors ? { errors, messages } : {}),
    };
  });
  flagRepeats(prepared);
  return { prepared, ignored };
}

/** The stored leads of these keys made the importer's; resolves how many are theirs now. */
async function assignToImporter(lead: ListedLead, keys: string[], assignTo: NonNullable<ImportInput['assignTo']>): Promise<number> {
  const { member, work } = assignTo;
  const rows = await selectByKeys(work.db, lead.table, keys);
  let mine = 0;
  for (const row of rows.values()) {
    if (row.assignee_id === member.id) mine += 1;
    else if (row.assignee_id === null || can(member, 'leads.assign')) {
      if (await updateLead(lead, LEAD_KINDS[lead.kind].list.slug, row.id, { assignee: member.id }, member, work)) mine += 1;
    }
  }
  return mine;
}

export async function importLeads(db: Kysely<Database>, ingest: Ingest, input: ImportInput): Promise<ImportResponse> {
  const lead = LISTED_LEADS[input.kind] as AnyLeadResource & ListedLead;
  const { prepared, ignored } = prepare(input);
  const good = prepared.filter((p) => !p.errors);
  const stored = await selectByKeys(
    db,
    lead.table,
    good.map((p) => p.key),
  );
  const rows: ImportRow[] = prepared
    .filter((p) => p.errors || stored.has(p.key))
    .map((p) =>
      p.errors
        ? { line: p.line, ok: false, errors: p.errors, messages: p.messages, ...(p.duplicateOf ? { duplicateOf: p.duplicateOf } : {}) }
        : { line: p.line, ok: true, duplicate: true },
    );
  const answer: ImportResponse = {
    fileName: input.fileName,
    committed: false,
    total: prepared.length,
    valid: good.length,
    invalid: prepared.length - good.length,
    ignoredColumns: ignored,
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
  const assignedToMe = input.assignTo
    ? await assignToImporter(
        lead,
        good.map((p) => p.key),
        input.assignTo,
      )
    : undefined;
  return {
    ...answer,
    committed: true,
    stored: storedNow,
    alreadyStored: stored.size,
    ...(assignedToMe === undefined ? {} : { assignedToMe }),
  };
}
