// An import file's rows as the import judges them, one at a time: the header matched to the
// form's fields (by label or key), each row checked by the very rules the form's own schema
// applies (contract/) and said as sentences naming the person and the value, its
// Idempotency-Key (the file's SHA-256 and the row's line), its source and consent record.
// Nothing here holds more than the row in hand, so a file of any length is read in bounded
// memory (api/import/read-rows.ts reads it a piece at a time).
import { IMPORT_CONSENT_VERSION, type ConsentRecord } from '../../contract/consent.ts';
import { LEAD_KINDS, type LeadField, type ListedKind } from '../../contract/lead-kinds.ts';
import { LEAD_SCHEMAS } from '../../contract/lead-schemas.ts';
import { tenDigitPhone } from '../../contract/phone.ts';
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '../../contract/lead-import.ts';
import { HttpError } from '../http/http.ts';
import { validate } from '../http/validate.ts';
import { collectGarbage } from './collect-garbage.ts';
import type { CsvRow } from './parse-csv.ts';
import { rowsOf } from './read-rows.ts';

/** What the rows of one file are read with. */
export interface RowsInput {
  kind: ListedKind;
  fileName: string;
  /** The spooled file (api/import/spool.ts) and its SHA-256. */
  file: { path: string; sha256: string };
  /** How the people in the file agreed to be contacted: each lead's consent record. */
  consentBasis: string;
  now: Date;
}

export interface Prepared {
  line: number;
  key: string;
  body: Record<string, unknown>;
  who: string;
  /** The row's characters (its cells'), to keep a batch of long rows small. */
  size: number;
  errors?: Record<string, string>;
  messages?: string[];
  duplicateOf?: number;
}

/** Filled in as the file is read: the header's cells that name no field, and the data rows so far. */
export interface Reading {
  ignored: string[];
  total: number;
}

/**
 * A copy of what is kept after its row is read (a report, a person's email): a field is a
 * view into the 64 KB piece of the file it was read from (parse-csv.ts), so keeping the
 * field itself would keep the whole piece.
 */
export const detached = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

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
  if (missing.length > 0) throw new HttpError(400, IMPORT_MESSAGES.importMissingColumns(missing));
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

/** What every row of one file shares: its columns, its key's prefix, its source and consent record. */
interface FileContext {
  fields: readonly LeadField[];
  header: string[];
  columns: Map<string, number>;
  keyPrefix: string;
  extra: { source: unknown; consent: ConsentRecord };
}

function contextOf(input: RowsInput, header: string[], reading: Reading): FileContext {
  const fields = LEAD_KINDS[input.kind].fields;
  const { columns, ignored } = columnsOf(header, fields);
  reading.ignored = ignored;
  const source = { first: { utm_source: 'import', utm_medium: 'file', utm_content: input.fileName.slice(0, 200) } };
  const consent: ConsentRecord = {
    version: IMPORT_CONSENT_VERSION,
    at: input.now.toISOString(),
    marketing: false,
    basis: input.consentBasis,
  };
  return { fields, header, columns, keyPrefix: `import-${input.file.sha256.slice(0, 40)}-`, extra: { source, consent } };
}

function prepareRow(input: RowsInput, row: CsvRow, file: FileContext): Prepared {
  const { fields, columns, header } = file;
  const body: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f.key, row.cells[columns.get(f.key)!] ?? '']));
  const checked = validate(LEAD_SCHEMAS[input.kind], body);
  const who = whoOf(body);
  const errors = checked.ok ? undefined : (checked.error.errors ?? { _: checked.error.message });
  const messages = Object.entries(errors ?? {}).map(([key, message]) =>
    problem(
      row.line,
      who,
      columns.has(key) ? { key, column: header[columns.get(key)!]!.trim() } : undefined,
      String(body[key] ?? '').trim(),
      message,
    ),
  );
  return {
    line: row.line,
    key: `${file.keyPrefix}${row.line}`,
    body: { ...body, ...file.extra },
    who,
    size: row.cells.reduce((n, cell) => n + cell.length, 0),
    ...(errors ? { errors, messages } : {}),
  };
}

/** Characters of a file read between two full garbage collections (api/import/collect-garbage.ts). */
const COLLECT_EVERY_CHARS = 1_500_000;

/**
 * The file's data rows, each prepared, in order. A file without data rows is refused once
 * read (a header alone, whatever its columns, is an empty file); a header that lacks a
 * field's column at the first data row; the row past IMPORT_MAX_ROWS as it comes.
 */
export async function* preparedRows(input: RowsInput, reading: Reading): AsyncGenerator<Prepared> {
  let header: string[] | undefined;
  let file: FileContext | undefined;
  let sinceCollected = 0;
  for await (const row of rowsOf(input.file.path)) {
    if (!header) {
      header = row.cells;
      continue;
    }
    file ??= contextOf(input, header, reading);
    if (++reading.total > IMPORT_MAX_ROWS) throw new HttpError(413, IMPORT_MESSAGES.importTooLarge);
    const prepared = prepareRow(input, row, file);
    sinceCollected += prepared.size;
    if (sinceCollected >= COLLECT_EVERY_CHARS) {
      sinceCollected = 0;
      collectGarbage();
    }
    yield prepared;
  }
  if (reading.total === 0) throw new HttpError(400, IMPORT_MESSAGES.importEmpty);
}

/**
 * Leaves out a row with the email or the phone of an earlier good row of the file: the same
 * person, listed twice. Give it every row in order; it remembers each good row's email and
 * phone (at most IMPORT_MAX_ROWS of each).
 */
export function repeatsOfFile(): (row: Prepared) => void {
  const seen = new Map<string, number>();
  return (row) => {
    if (row.errors) return;
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
      return;
    }
    for (const k of keys) seen.set(detached(k), row.line);
  };
}
