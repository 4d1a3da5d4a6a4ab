// A list as CSV (RFC 4180, UTF-8 with a byte-order mark so that Excel shows Hindi names),
// with the list's own filters (or only the leads chosen, ?ids=): the columns are the
// registry's, with the date and time in India Standard Time as Excel reads a date
// ("2026-11-24 15:20"), the status, the owner and next step, the certificate as a full
// link, and the source. Streamed a page at a time (keyset on the list's index order, which works alike
// on Postgres and PGlite), so exporting a million leads neither holds them in memory nor
// keeps one long query open. A cell that a spreadsheet would take for a formula (=, +, -, @,
// tab or carriage return first) is prefixed with a quote: a lead's "name" must never run as
// a formula on an admin's computer.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LEAD_KINDS, LEAD_STATUS_LABELS, columnOf, storedFieldsOf, type LeadField } from '../../contract/lead-kinds.ts';
import { ACTION_LABELS } from '../../contract/activities.ts';
import { certificatePagePath } from '../../contract/quiz/api.ts';
import { QUIZ_DOMAIN_LABELS, QUIZ_DOMAINS } from '../../contract/quiz/items.ts';
import type { Database, ListedTable } from '../db/schema.ts';
import type { CopyCsv } from '../db/copy-out.ts';
import type { ListedLead, ListedRow, ListItem } from './definitions.ts';
import { withExtras } from './extras.ts';
import { conditions, type LeadListQuery } from './list-query.ts';

const PAGE = 2000;
/** Excel reads a CSV as UTF-8 only with this first. */
const BOM = '\uFEFF';

/** The first characters that make a spreadsheet read a cell as a formula: = + - @ tab CR. */
const FORMULA_START = new Set([61, 43, 45, 64, 9, 13]);
const NEEDS_QUOTES = /[",\r\n]/;

/** A text a spreadsheet would take for a formula, with a quote first. */
const defused = (text: string) => (FORMULA_START.has(text.charCodeAt(0)) ? `'${text}` : text);

export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : defused(String(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const IST_OFFSET_MS = 330 * 60_000;
/** An instant as Excel reads a date and time: "2026-11-24 15:20", India Standard Time. */
export function excelIst(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const at = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(at.getTime())) return '';
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

export interface CsvOptions {
  /** Certificates are written as full links on this origin. */
  publicUrl: string;
  /** Every member's name by id, for the owner column. */
  names: ReadonlyMap<string, string>;
  /** Rows per page read (tests make it small to cross page boundaries). */
  pageSize?: number;
  /** Postgres: pages of whole lines are read through COPY (FORMAT csv), Postgres quoting the cells. */
  copyCsv?: CopyCsv | undefined;
}

/**
 * A cell Postgres writes, in two forms: `cell`, finished (defused and quoted as csvCell
 * would), and `text`, defused but not quoted, NULL when empty, for COPY (FORMAT csv) to
 * quote. COPY quotes as csvCell does (a comma, a quote, CR or LF; quotes doubled) and
 * writes NULL as nothing, but an empty text as "": hence NULL for empty.
 */
interface SqlCell {
  cell: RawBuilder<string>;
  text: RawBuilder<string | null>;
}

/**
 * One column of the file. Most are written by Postgres (`sql`), so a million-lead export
 * moves whole lines instead of rows made into records (a visit's touch and the consent
 * record too: the lead's table stores them worded, migrations/lib/listed-table-2026-11-28.ts).
 * The fields a kind's extras add (the test list's latest test) are cells too when the kind
 * gives them in SQL (its extrasSql, joined beside the page's rows); any other field without a
 * column of its own reads the list item (`value`), made for pages of kinds that have any.
 */
type Column = { label: string } & ({ sql: SqlCell } | { value: (item: ListItem) => unknown });

const FORMULA_SQL = sql.raw([...FORMULA_START].join(', '));

/** csvCell in SQL, for a text value `t` (an expression without side effects: it is read several times). */
function textCell(t: RawBuilder<unknown>): SqlCell {
  const defusedSql = sql`(case when ascii(${t}) in (${FORMULA_SQL}) then '''' || ${t} else ${t} end)`;
  return {
    cell: sql<string>`(case when ${t} is null or ${t} = '' then ''
    when strpos(${t}, '"') > 0 or strpos(${t}, ',') > 0 or strpos(${t}, chr(10)) > 0 or strpos(${t}, chr(13)) > 0
      then '"' || replace(${defusedSql}, '"', '""') || '"'
    else ${defusedSql} end)`,
    text: sql<string | null>`nullif(${defusedSql}, '')`,
  };
}

/** A cell whose text never needs quoting or defusing (a date, a label without a comma), NULL when empty. */
const plainCell = (text: RawBuilder<string | null>): SqlCell => ({ text, cell: sql<string>`coalesce(${text}, '')` });

/** A label for each of a column's values (a status, a next step's type); empty for any other. */
function labelSql(column: string, labels: Readonly<Record<string, string>>): SqlCell {
  const cases = (write: (label: string) => string) =>
    sql.join(
      Object.entries(labels).map(([value, label]) => sql`when ${sql.lit(value)} then ${sql.lit(write(label))}`),
      sql` `,
    );
  return {
    cell: sql<string>`(case ${sql.ref(column)} ${cases(csvCell)} else '' end)`,
    text: sql<string | null>`(case ${sql.ref(column)} ${cases(defused)} end)`,
  };
}

/** An instant's IST minute in SQL, as excelIst writes it (both truncate the seconds); never quoted. */
const istMinuteOf = (instant: RawBuilder<unknown>) =>
  plainCell(sql<string | null>`to_char((${instant} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD HH24:MI')`);
const istMinute = (column: string) => istMinuteOf(sql.ref(column));

/**
 * The owner's cell, looked up once a row among every member's name made in JS: quoted in
 * SQL, the lookup was made once for each of the quoting's eight reads of it (a quarter of a
 * page's time).
 */
function ownerCell(names: ReadonlyMap<string, string>): SqlCell {
  const byId = (write: (name: string) => string) =>
    JSON.stringify(Object.fromEntries([...names].flatMap(([id, name]) => (name === '' ? [] : [[id, write(name)]]))));
  return {
    cell: sql<string>`coalesce(${byId(csvCell)}::jsonb ->> assignee_id::text, '')`,
    text: sql<string | null>`(${byId(defused)}::jsonb ->> assignee_id::text)`,
  };
}

/** A field a kind's extras add, from its SQL (ExtrasSql) as the item's value would be written. */
function extraColumn(field: LeadField, value: RawBuilder<unknown>, options: CsvOptions): Column {
  if (field.kind === 'certificate') {
    const link = sql`(${options.publicUrl + certificatePagePath('')}::text || ${value}::text)`;
    return { label: field.label, sql: textCell(link) };
  }
  if (field.kind === 'date') return { label: `${field.label} (IST)`, sql: istMinuteOf(value) };
  return { label: field.label, sql: textCell(sql`${value}::text`) };
}

/** A list column's cell: from its own column when the list item holds that column as it is, else from the item. */
function fieldColumn(field: LeadField, stored: ReadonlyMap<string, string>, lead: ListedLead, options: CsvOptions): Column {
  const extra = lead.extrasSql?.fields[field.key];
  if (extra) return extraColumn(field, extra, options);
  const timeField = LEAD_KINDS[lead.kind].list.timeField;
  if (field.kind === 'certificate') {
    return {
      label: field.label,
      value: (item) => (item.certificateId ? `${options.publicUrl}${certificatePagePath(String(item.certificateId))}` : ''),
    };
  }
  if (field.kind === 'date') return { label: `${field.label} (IST)`, value: (item) => excelIst(item[field.key]) };
  const column = columnOf(field);
  // The item holds a stored field's column under its key (leads/definitions.ts fieldRecord),
  // but the time field as ISO text.
  if (column !== null && stored.get(field.key) === column && field.key !== timeField) {
    return { label: field.label, sql: textCell(sql`${sql.ref(column)}::text`) };
  }
  return { label: field.label, value: (item) => item[field.key] };
}

function columnsOf(lead: ListedLead, options: CsvOptions): Column[] {
  const def = LEAD_KINDS[lead.kind];
  const list = def.list;
  const stored = new Map(storedFieldsOf(def).map((f) => [f.key, columnOf(f)!]));
  const columns: Column[] = [{ label: 'Date (IST)', sql: istMinute('created_at') }];
  for (const field of list.columns as readonly LeadField[]) {
    if (field.kind === 'scores') {
      const scores = lead.extrasSql?.fields[field.key];
      for (const domain of QUIZ_DOMAINS) {
        const label = `${QUIZ_DOMAIN_LABELS[domain].en} %`;
        columns.push(
          scores
            ? { label, sql: textCell(sql`(${scores} ->> ${domain}::text)`) }
            : { label, value: (item) => (item.scores as Record<string, number> | null)?.[domain] },
        );
      }
    } else columns.push(fieldColumn(field, stored, lead, options));
  }
  columns.push(
    { label: 'Status', sql: labelSql('status', LEAD_STATUS_LABELS) },
    { label: 'Owner', sql: ownerCell(options.names) },
    { label: 'Next step', sql: labelSql('next_action_type', ACTION_LABELS) },
    { label: 'Next step due (IST)', sql: istMinute('next_action_due_at') },
    { label: 'First contact (IST)', sql: istMinute('first_contact_at') },
    { label: 'Source (utm_source)', sql: textCell(sql`utm_source`) },
    // Worded by Postgres when the lead was written (touchText and consentSummary in SQL).
    { label: 'First visit', sql: textCell(sql`first_visit_text`) },
    { label: 'Latest campaign visit', sql: textCell(sql`last_visit_text`) },
    { label: 'Consent', sql: textCell(sql`consent_text`) },
  );
  return columns;
}

/**
 * What a page's rows are read as: runs of Postgres's cells joined, the other columns' values, a
 * cell maker for each. When Postgres writes every cell (every kind but one with extras only in
 * JS), `lines` has the whole line: as one text, for a page read as one string of its lines
 * joined by Postgres, and as its cells' texts, for COPY to quote.
 */
interface PageShape {
  selected: RawBuilder<unknown>[];
  parts: Array<(row: PageRow, item: ListItem | undefined) => string>;
  needsItems: boolean;
  lines?: { joined: RawBuilder<string>; texts: RawBuilder<string | null>[] };
}

/** Cells joined into one text of comma-separated cells, by Postgres. */
const joinCells = (cells: RawBuilder<string>[]) => sql<string>`${sql.join(cells, sql` || ',' || `)}`;

function pageShape(columns: Column[], table: string): PageShape {
  const selected: RawBuilder<unknown>[] = [];
  const parts: PageShape['parts'] = [];
  let run: RawBuilder<string>[] = [];
  const endRun = () => {
    if (run.length === 0) return;
    const key = `c${selected.length}`;
    selected.push(sql`${joinCells(run)} as ${sql.id(key)}`);
    parts.push((row) => row[key] as string);
    run = [];
  };
  for (const column of columns) {
    if ('sql' in column) {
      run.push(column.sql.cell);
      continue;
    }
    endRun();
    parts.push((_row, item) => csvCell(column.value(item!)));
  }
  endRun();
  const needsItems = columns.some((c) => 'value' in c);
  selected.push(needsItems ? sql`${sql.table(table)}.*` : sql`id`);
  if (needsItems) return { selected, parts, needsItems };
  const cells = columns.flatMap((c) => ('sql' in c ? [c.sql] : []));
  return { selected, parts, needsItems, lines: { joined: joinCells(cells.map((c) => c.cell)), texts: cells.map((c) => c.text) } };
}

/** A page's row: each SQL column's value under its place ("c3"), its id, and the whole row when a column reads the item. */
type PageRow = Record<string, unknown> & { id: string };

/** A row's place in the list's order: its created_at as Postgres wrote it, and its id. */
interface Keyset {
  at: string;
  id: string;
}

/** A page is a few thousand rows read in index order by one process (pageReader says why). */
const ONE_PROCESS = { max_parallel_workers_per_gather: '0', jit: 'off' } as const;
/** A COPY has no client-side timeout (pg's query_timeout): Postgres ends one that runs this long. */
const COPY_SETTINGS = { ...ONE_PROCESS, statement_timeout: '15s' } as const;

const encoder = new TextEncoder();

/**
 * COPY's CSV rows with RFC 4180's line ends: COPY ends each row with LF, and a quoted cell
 * keeps a line break of its own as it is. An LF ends a row only outside quotes; quotes come
 * in pairs ("" inside a quoted cell too), so their count so far says which. Bytes are
 * enough: in UTF-8, no byte of a multi-byte character is a quote or an LF. `rows` is whole
 * rows (a page), so a count never runs on from one call to the next.
 */
export function crlfRows(rows: Uint8Array): Uint8Array {
  const ends: number[] = [];
  let quoted = false;
  let quote = rows.indexOf(34);
  for (let lf = rows.indexOf(10); lf !== -1; lf = rows.indexOf(10, lf + 1)) {
    for (; quote !== -1 && quote < lf; quote = rows.indexOf(34, quote + 1)) quoted = !quoted;
    if (!quoted) ends.push(lf);
  }
  const out = new Uint8Array(rows.length + ends.length);
  let from = 0;
  let to = 0;
  for (const lf of ends) {
    out.set(rows.subarray(from, lf), to);
    to += lf - from;
    out[to++] = 13;
    out[to++] = 10;
    from = lf + 1;
  }
  out.set(rows.subarray(from), to);
  return out;
}

/** How many pages are read at once: Postgres's side of the work (~6 µs a row) on two backends. */
const PAGES_AHEAD = 2;
/**
 * How many exports in this process may read ahead at once; the others read one page at a
 * time. Each reading ahead holds two of the pool's connections, and the lead POSTs share
 * that pool: however many admins export together, at most this many extra connections go.
 */
export const EXPORTS_READING_AHEAD = 2;
let readingAhead = 0;

/**
 * The CSV lines of a list, header first, `\r\n` each. Each page is a range of the list's
 * order between two keysets, found first by a cheap read of the index (the page's last row),
 * so the next pages are read while this one is written, on their own connections: Postgres
 * writing the cells was the bound with one page ahead. Never more than PAGES_AHEAD pages are
 * asked for (one, while EXPORTS_READING_AHEAD others read ahead), and the caller pulls a page
 * only when the client has taken the last. A page is its range, not "the next pageSize rows
 * after a boundary found earlier": a lead written or erased between finding a boundary and
 * reading its page cannot then put a row in two pages or in none.
 */
export async function* csvLines(
  db: Kysely<Database>,
  lead: ListedLead,
  query: LeadListQuery,
  options: CsvOptions,
): AsyncGenerator<Uint8Array> {
  const columns = columnsOf(lead, options);
  yield encoder.encode(`${BOM}${columns.map((c) => csvCell(c.label)).join(',')}\r\n`);
  const shape = pageShape(columns, lead.table);
  const pages = pageReader(db, lead, query, shape, options);
  const reading: Array<Promise<Uint8Array>> = [];
  const ahead = readingAhead < EXPORTS_READING_AHEAD;
  if (ahead) readingAhead++;
  const atOnce = ahead ? PAGES_AHEAD : 1;
  try {
    for (;;) {
      while (reading.length < atOnce && !pages.done) reading.push((await pages.next()).text);
      const text = await reading.shift();
      if (text === undefined) return;
      if (text.length > 0) yield text;
    }
  } finally {
    // An export stopped early (the client went away) still waits for the pages it asked for.
    await Promise.allSettled(reading);
    if (ahead) readingAhead--;
  }
}

/** The list's pages in order: each `next()` finds where the next page ends and starts reading it. */
function pageReader(db: Kysely<Database>, lead: ListedLead, query: LeadListQuery, shape: PageShape, options: CsvOptions) {
  const pageSize = options.pageSize ?? PAGE;
  const table = sql.table(lead.table);
  const where = conditions(lead.searchText, query);
  // What the kind's extras add, beside the page's rows (its columns read it).
  const extrasJoin = lead.extrasSql?.join ?? sql``;
  // The keyset is created_at as Postgres wrote it (microseconds): a JS Date keeps
  // milliseconds, and leads stored together (an import, a synced batch) share their
  // millisecond, so a Date keyset would skip rows.
  const before = (at: Keyset | undefined) => (at ? sql`and (created_at, id) < (${at.at}::timestamptz, ${at.id}::uuid)` : sql``);
  const from = (at: Keyset | undefined) => (at ? sql`and (created_at, id) >= (${at.at}::timestamptz, ${at.id}::uuid)` : sql``);
  /** The last row of the page after `after`: undefined when fewer than a page are left. */
  const lastOfPage = async (after: Keyset | undefined): Promise<Keyset | undefined> => {
    const found = await sql<{ keyset_at: string; id: string }>`
      select created_at::text as keyset_at, id from ${table} where ${where} ${before(after)}
      order by ${table}.created_at desc, ${table}.id desc offset ${pageSize - 1} limit 1`.execute(db);
    const row = found.rows[0];
    return row && { at: row.keyset_at, id: row.id };
  };
  // The page's rows first, then its cells: with the cells' expressions in the same select,
  // the planner priced them into every row and took a whole-table scan and sort per page.
  // `offset 0` keeps the rows' subquery a subquery (without it, or a LIMIT, the planner pulls
  // it up into the select of cells).
  const rowsOf = (after: Keyset | undefined, last: Keyset | undefined) => sql`(
      select * from ${table} where ${where} ${before(after)} ${from(last)} order by created_at desc, id desc offset 0
    ) ${sql.id(lead.table)} ${extrasJoin}`;
  const page = (after: Keyset | undefined, last: Keyset | undefined) =>
    sql<PageRow>`select ${sql.join(shape.selected)} from ${rowsOf(after, last)} order by created_at desc, id desc`;
  // A page of whole lines as one string: a row a line cost Postgres a message and Node a
  // parsed record and a string each, for a page the client takes whole anyway.
  const own = (column: string) => sql.ref(`${lead.table}.${column}`);
  const pageLines = (after: Keyset | undefined, last: Keyset | undefined, line: RawBuilder<string>) =>
    sql<{ text: string | null }>`select string_agg(${line}, ${'\r\n'} order by ${own('created_at')} desc, ${own('id')} desc) as text
      from ${rowsOf(after, last)}`;
  // A range has no LIMIT to tell the planner it is small. For the test list's pages (a
  // lateral read per row) it then priced a page past JIT's threshold and compiled each one
  // (51 of a page's 92 ms), or chose parallel workers: 2.4 s → 6–13 s for its 183,000 rows
  // on the 1M seed. A page is a few thousand rows read in index order by one process.
  const inOneProcess = async <T>(statement: RawBuilder<T>): Promise<T[]> => {
    const run = async (trx: Kysely<Database>) => {
      for (const [name, value] of Object.entries(ONE_PROCESS)) await sql`select set_config(${name}, ${value}, true)`.execute(trx);
      return (await statement.execute(trx)).rows;
    };
    return db.isTransaction ? run(db) : db.transaction().execute(run);
  };
  // Postgres quoting the cells in COPY took 6.7 ms of a contact page where quoting them in
  // SQL took 12 (psql, the 1M seed); a transaction's export reads on its own connection.
  const copyCsv = db.isTransaction ? undefined : options.copyCsv;
  const copied = (after: Keyset | undefined, last: Keyset | undefined, texts: RawBuilder<unknown>[]) =>
    sql`select ${sql.join(texts)} from ${rowsOf(after, last)} order by ${own('created_at')} desc, ${own('id')} desc`;
  const read = async (after: Keyset | undefined, last: Keyset | undefined): Promise<Uint8Array> => {
    if (shape.lines && copyCsv) {
      return crlfRows(Buffer.concat(await copyCsv(copied(after, last, shape.lines.texts), { settings: COPY_SETTINGS })));
    }
    if (shape.lines) {
      const text = (await inOneProcess(pageLines(after, last, shape.lines.joined)))[0]?.text;
      return encoder.encode(text ? `${text}\r\n` : '');
    }
    const rows = await inOneProcess(page(after, last));
    return encoder.encode(rows.length > 0 ? await pageText(db, lead, shape, rows) : '');
  };
  let after: Keyset | undefined;
  const reader = {
    done: false,
    /** Where the next page ends, once known; its text (empty for none) while it is read. */
    async next(): Promise<{ text: Promise<Uint8Array> }> {
      const last = await lastOfPage(after);
      const page = read(after, last);
      // Read by the caller, or awaited in its finally: never an unhandled rejection.
      page.catch(() => {});
      if (last) after = last;
      else reader.done = true;
      return { text: page };
    },
  };
  return reader;
}

/** A page's rows as CSV text. */
async function pageText(db: Kysely<Database>, lead: ListedLead, { parts, needsItems }: PageShape, rows: PageRow[]): Promise<string> {
  const items = needsItems
    ? await withExtras(
        db,
        lead,
        rows.map((row) => lead.listItem(row as unknown as ListedRow<ListedTable>)),
      )
    : [];
  const lines: string[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const item = items[r];
    let line = parts[0]!(row, item);
    for (let p = 1; p < parts.length; p++) line += `,${parts[p]!(row, item)}`;
    lines[r] = line;
  }
  return `${lines.join('\r\n')}\r\n`;
}
