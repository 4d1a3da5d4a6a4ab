// A list as CSV (RFC 4180, UTF-8 with a byte-order mark so that Excel shows Hindi names),
// with the list's own filters (or only the leads chosen, ?ids=): the columns are the
// registry's, with the date and time in India Standard Time as Excel reads a date
// ("2026-11-24 15:20"), the status, the owner and next step, the certificate as a full
// link, and the source. Streamed a page at a time (keyset on the list's index order, which works alike
// on Postgres and PGlite), so exporting a million leads neither holds them in memory nor
// keeps one long query open. A cell that a spreadsheet would take for a formula (=, +, -, @,
// tab or carriage return first) is prefixed with a quote: a lead's "name" must never run as
// a formula on an admin's computer.
import { sql, type Kysely } from 'kysely';
import { LEAD_KINDS, LEAD_STATUS_LABELS, type LeadField } from '../../contract/lead-kinds.ts';
import { ACTION_LABELS } from '../../contract/activities.ts';
import { certificatePagePath } from '../../contract/quiz/api.ts';
import { QUIZ_DOMAIN_LABELS, QUIZ_DOMAINS } from '../../contract/quiz/items.ts';
import { consentSummary } from '../../contract/consent.ts';
import { touchText } from '../../contract/lead-signals.ts';
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

type Column = { label: string; value: (item: ListItem, row: ListedRow<ListedTable>) => unknown };

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

function columnsOf(lead: ListedLead, options: CsvOptions): Column[] {
  const list = LEAD_KINDS[lead.kind].list;
  const columns: Column[] = [{ label: 'Date (IST)', value: (_, row) => excelIst(row.created_at) }];
  for (const field of list.columns as readonly LeadField[]) {
    if (field.kind === 'scores') {
      for (const domain of QUIZ_DOMAINS) {
        columns.push({
          label: `${QUIZ_DOMAIN_LABELS[domain].en} %`,
          value: (item) => (item.scores as Record<string, number> | null)?.[domain],
        });
      }
    } else if (field.kind === 'certificate') {
      columns.push({
        label: field.label,
        value: (item) => (item.certificateId ? `${options.publicUrl}${certificatePagePath(String(item.certificateId))}` : ''),
      });
    } else if (field.kind === 'date') {
      columns.push({ label: `${field.label} (IST)`, value: (item) => excelIst(item[field.key]) });
    } else {
      columns.push({ label: field.label, value: (item) => item[field.key] });
    }
  }
  columns.push(
    { label: 'Status', value: (item) => LEAD_STATUS_LABELS[item.status] },
    { label: 'Owner', value: (_, row) => (row.assignee_id ? (options.names.get(row.assignee_id) ?? '') : '') },
    { label: 'Next step', value: (_, row) => (row.next_action_type ? ACTION_LABELS[row.next_action_type] : '') },
    { label: 'Next step due (IST)', value: (_, row) => excelIst(row.next_action_due_at) },
    { label: 'First contact (IST)', value: (_, row) => excelIst(row.first_contact_at) },
    { label: 'Source (utm_source)', value: (_, row) => row.utm_source },
    { label: 'First visit', value: (_, row) => touchText(row.source?.first) },
    { label: 'Latest campaign visit', value: (_, row) => touchText(row.source?.last) },
    { label: 'Consent', value: (_, row) => consentSummary(row.consent) },
  );
  return columns;
}

/**
 * The CSV lines of a list, header first, `\r\n` each. The next page is asked for as soon as
 * a page arrives, so Postgres reads it while this one is written (the two take turns on the
 * two halves of the work instead of waiting for each other).
 */
export async function* csvLines(db: Kysely<Database>, lead: ListedLead, query: LeadListQuery, options: CsvOptions): AsyncGenerator<string> {
  const columns = columnsOf(lead, options);
  const pageSize = options.pageSize ?? PAGE;
  yield `${BOM}${columns.map((c) => csvCell(c.label)).join(',')}\r\n`;
  const table = sql.table(lead.table);
  const where = conditions(lead.searchText, query);
  // The keyset is the last row's created_at as Postgres wrote it (microseconds): a JS Date
  // keeps milliseconds, and leads stored together (an import, a synced batch) share their
  // millisecond, so a Date keyset would skip every row after the first page.
  type PageRow = ListedRow<typeof lead.table> & { keyset_at: string };
  const read = async (after: { at: string; id: string } | undefined) => {
    const keyset = after ? sql`and (created_at, id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
    const page = await sql<PageRow>`
      select *, created_at::text as keyset_at from ${table} where ${where} ${keyset}
      order by created_at desc, id desc limit ${pageSize}`.execute(db);
    return page.rows;
  };
  let next: Promise<PageRow[]> | undefined = read(undefined);
  try {
    while (next) {
      const rows = await next;
      next = undefined;
      if (rows.length === 0) return;
      if (rows.length === pageSize) {
        const last = rows[rows.length - 1]!;
        next = read({ at: last.keyset_at, id: last.id });
      }
      yield await pageText(db, lead, columns, rows);
    }
  } finally {
    // An export stopped early (the client went away) still waits for the page it asked for.
    await next?.catch(() => {});
  }
}

/** A page's rows as CSV text. */
async function pageText(db: Kysely<Database>, lead: ListedLead, columns: Column[], rows: ListedRow<ListedTable>[]): Promise<string> {
  const items = await withExtras(
    db,
    lead,
    rows.map((row) => lead.listItem(row)),
  );
  let text = '';
  for (let i = 0; i < rows.length; i++) {
    const item = items[i]!;
    const row = rows[i]!;
    let line = '';
    for (let c = 0; c < columns.length; c++) line += (c === 0 ? '' : ',') + csvCell(columns[c]!.value(item, row));
    text += `${line}\r\n`;
  }
  return text;
}
