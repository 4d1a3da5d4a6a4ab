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
import type { ListedLead, ListedRow, ListItem } from './definitions.ts';
import { withExtras } from './extras.ts';
import { conditions, type LeadListQuery } from './list-query.ts';

const PAGE = 2000;
/** Excel reads a CSV as UTF-8 only with this first. */
const BOM = '\uFEFF';

/** The first characters that make a spreadsheet read a cell as a formula: = + - @ tab CR. */
const FORMULA_START = new Set([61, 43, 45, 64, 9, 13]);
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (text === '') return text;
  if (FORMULA_START.has(text.charCodeAt(0))) text = `'${text}`;
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
}

/**
 * One column of the file. Most are written by Postgres (`cell`: the finished cell, quoted
 * and defused as csvCell would), so a million-lead export moves one string per run of such
 * columns instead of whole rows made into records (a visit's touch and the consent record
 * too: the lead's table stores them worded, migrations/lib/listed-table-2026-11-28.ts).
 * The fields a kind's extras add (the test list's latest test) are cells too when the kind
 * gives them in SQL (its extrasSql, joined beside the page's rows); any other field without a
 * column of its own reads the list item (`value`), made for pages of kinds that have any.
 */
type Column = { label: string } & ({ cell: RawBuilder<string> } | { value: (item: ListItem) => unknown });

/** csvCell in SQL, for a text value `t` (an expression without side effects: it is read several times). */
function cellSql(t: RawBuilder<unknown>): RawBuilder<string> {
  const formula = sql.raw([...FORMULA_START].join(', '));
  const defused = sql`(case when ascii(${t}) in (${formula}) then '''' || ${t} else ${t} end)`;
  return sql<string>`(case when ${t} is null or ${t} = '' then ''
    when strpos(${t}, '"') > 0 or strpos(${t}, ',') > 0 or strpos(${t}, chr(10)) > 0 or strpos(${t}, chr(13)) > 0
      then '"' || replace(${defused}, '"', '""') || '"'
    else ${defused} end)`;
}

/** A label for each of a column's values (a status, a next step's type), as cells; '' for any other. */
function labelSql(column: string, labels: Readonly<Record<string, string>>): RawBuilder<string> {
  const cases = Object.entries(labels).map(([value, label]) => sql`when ${sql.lit(value)} then ${sql.lit(csvCell(label))}`);
  return sql<string>`(case ${sql.ref(column)} ${sql.join(cases, sql` `)} else '' end)`;
}

/** An instant's IST minute in SQL, as excelIst writes it (both truncate the seconds); never quoted. */
const istMinuteOf = (instant: RawBuilder<unknown>) =>
  sql<string>`coalesce(to_char((${instant} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD HH24:MI'), '')`;
const istMinute = (column: string) => istMinuteOf(sql.ref(column));

/** A field a kind's extras add, from its SQL (ExtrasSql) as the item's value would be written. */
function extraColumn(field: LeadField, value: RawBuilder<unknown>, options: CsvOptions): Column {
  if (field.kind === 'certificate') {
    const link = sql`(${options.publicUrl + certificatePagePath('')}::text || ${value}::text)`;
    return { label: field.label, cell: cellSql(link) };
  }
  if (field.kind === 'date') return { label: `${field.label} (IST)`, cell: istMinuteOf(value) };
  return { label: field.label, cell: cellSql(sql`${value}::text`) };
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
    return { label: field.label, cell: cellSql(sql`${sql.ref(column)}::text`) };
  }
  return { label: field.label, value: (item) => item[field.key] };
}

function columnsOf(lead: ListedLead, options: CsvOptions): Column[] {
  const def = LEAD_KINDS[lead.kind];
  const list = def.list;
  const stored = new Map(storedFieldsOf(def).map((f) => [f.key, columnOf(f)!]));
  // Each member's name as its finished cell, looked up once a row: quoted in SQL, the lookup
  // was made once for each of the quoting's eight reads of it (a quarter of a page's time).
  const ownerCells = JSON.stringify(Object.fromEntries([...options.names].map(([id, name]) => [id, csvCell(name)])));
  const columns: Column[] = [{ label: 'Date (IST)', cell: istMinute('created_at') }];
  for (const field of list.columns as readonly LeadField[]) {
    if (field.kind === 'scores') {
      const scores = lead.extrasSql?.fields[field.key];
      for (const domain of QUIZ_DOMAINS) {
        const label = `${QUIZ_DOMAIN_LABELS[domain].en} %`;
        columns.push(
          scores
            ? { label, cell: cellSql(sql`(${scores} ->> ${domain}::text)`) }
            : { label, value: (item) => (item.scores as Record<string, number> | null)?.[domain] },
        );
      }
    } else columns.push(fieldColumn(field, stored, lead, options));
  }
  columns.push(
    { label: 'Status', cell: labelSql('status', LEAD_STATUS_LABELS) },
    { label: 'Owner', cell: sql<string>`coalesce(${ownerCells}::jsonb ->> assignee_id::text, '')` },
    { label: 'Next step', cell: labelSql('next_action_type', ACTION_LABELS) },
    { label: 'Next step due (IST)', cell: istMinute('next_action_due_at') },
    { label: 'First contact (IST)', cell: istMinute('first_contact_at') },
    { label: 'Source (utm_source)', cell: cellSql(sql`utm_source`) },
    // Worded by Postgres when the lead was written (touchText and consentSummary in SQL).
    { label: 'First visit', cell: cellSql(sql`first_visit_text`) },
    { label: 'Latest campaign visit', cell: cellSql(sql`last_visit_text`) },
    { label: 'Consent', cell: cellSql(sql`consent_text`) },
  );
  return columns;
}

/**
 * What a page's rows are read as: runs of Postgres's cells joined, the other columns' values, a
 * cell maker for each. When Postgres writes every cell (every kind but one with extras only in
 * JS), `line` is the whole line, and a page is read as one string: its lines joined by Postgres.
 */
interface PageShape {
  selected: RawBuilder<unknown>[];
  parts: Array<(row: PageRow, item: ListItem | undefined) => string>;
  needsItems: boolean;
  line?: RawBuilder<string>;
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
    if ('cell' in column) {
      run.push(column.cell);
      continue;
    }
    endRun();
    parts.push((_row, item) => csvCell(column.value(item!)));
  }
  endRun();
  const needsItems = columns.some((c) => 'value' in c);
  selected.push(needsItems ? sql`${sql.table(table)}.*` : sql`id`);
  if (needsItems) return { selected, parts, needsItems };
  return { selected, parts, needsItems, line: joinCells(columns.flatMap((c) => ('cell' in c ? [c.cell] : []))) };
}

/** A page's row: each SQL column's value under its place ("c3"), its id, and the whole row when a column reads the item. */
type PageRow = Record<string, unknown> & { id: string };

/** A row's place in the list's order: its created_at as Postgres wrote it, and its id. */
interface Keyset {
  at: string;
  id: string;
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
export async function* csvLines(db: Kysely<Database>, lead: ListedLead, query: LeadListQuery, options: CsvOptions): AsyncGenerator<string> {
  const columns = columnsOf(lead, options);
  const pageSize = options.pageSize ?? PAGE;
  yield `${BOM}${columns.map((c) => csvCell(c.label)).join(',')}\r\n`;
  const shape = pageShape(columns, lead.table);
  const pages = pageReader(db, lead, query, shape, pageSize);
  const reading: Array<Promise<string>> = [];
  const ahead = readingAhead < EXPORTS_READING_AHEAD;
  if (ahead) readingAhead++;
  const atOnce = ahead ? PAGES_AHEAD : 1;
  try {
    for (;;) {
      while (reading.length < atOnce && !pages.done) reading.push((await pages.next()).text);
      const text = await reading.shift();
      if (text === undefined) return;
      if (text !== '') yield text;
    }
  } finally {
    // An export stopped early (the client went away) still waits for the pages it asked for.
    await Promise.allSettled(reading);
    if (ahead) readingAhead--;
  }
}

/** The list's pages in order: each `next()` finds where the next page ends and starts reading it. */
function pageReader(db: Kysely<Database>, lead: ListedLead, query: LeadListQuery, shape: PageShape, pageSize: number) {
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
      await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
      await sql`set local jit = off`.execute(trx);
      return (await statement.execute(trx)).rows;
    };
    return db.isTransaction ? run(db) : db.transaction().execute(run);
  };
  const read = async (after: Keyset | undefined, last: Keyset | undefined): Promise<string> => {
    if (shape.line) {
      const text = (await inOneProcess(pageLines(after, last, shape.line)))[0]?.text;
      return text ? `${text}\r\n` : '';
    }
    const rows = await inOneProcess(page(after, last));
    return rows.length > 0 ? pageText(db, lead, shape, rows) : '';
  };
  let after: Keyset | undefined;
  const reader = {
    done: false,
    /** Where the next page ends, once known; its text ('' for none) while it is read. */
    async next(): Promise<{ text: Promise<string> }> {
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
