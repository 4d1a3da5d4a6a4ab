// A list as CSV (RFC 4180, UTF-8 with a byte-order mark so that Excel shows Hindi names),
// with the list's own filters: the columns are the registry's, with the date, the status and
// the source. Streamed a page at a time (keyset on the list's index order, which works alike
// on Postgres and PGlite), so exporting a million leads neither holds them in memory nor
// keeps one long query open. A cell that a spreadsheet would take for a formula (=, +, -, @,
// tab or carriage return first) is prefixed with a quote: a lead's "name" must never run as
// a formula on an admin's computer.
import { sql, type Kysely } from 'kysely';
import { LEAD_KINDS, LEAD_STATUS_LABELS, type LeadField } from '../../contract/lead-kinds.ts';
import { certificatePagePath } from '../../contract/quiz/api.ts';
import { QUIZ_DOMAIN_LABELS, QUIZ_DOMAINS } from '../../contract/quiz/items.ts';
import { consentSummary } from '../../contract/consent.ts';
import { touchText } from '../../contract/lead-signals.ts';
import type { Database, ListedTable } from '../db/schema.ts';
import type { ListedLead, ListedRow, ListItem } from './definitions.ts';
import { withLatestTests } from './latest-tests.ts';
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

function columnsOf(lead: ListedLead): Column[] {
  const list = LEAD_KINDS[lead.kind].list;
  const columns: Column[] = [{ label: 'Date (UTC)', value: (item) => item[list.timeField] }];
  for (const field of list.columns as readonly LeadField[]) {
    if (field.kind === 'scores') {
      for (const domain of QUIZ_DOMAINS) {
        columns.push({
          label: `${QUIZ_DOMAIN_LABELS[domain].en} %`,
          value: (item) => (item.scores as Record<string, number> | null)?.[domain],
        });
      }
    } else if (field.kind === 'certificate') {
      columns.push({ label: field.label, value: (item) => (item.certificateId ? certificatePagePath(String(item.certificateId)) : '') });
    } else {
      columns.push({ label: field.label, value: (item) => item[field.key] });
    }
  }
  columns.push(
    { label: 'Status', value: (item) => LEAD_STATUS_LABELS[item.status] },
    { label: 'Source (utm_source)', value: (_, row) => row.utm_source },
    { label: 'First visit', value: (_, row) => touchText(row.source?.first) },
    { label: 'Latest campaign visit', value: (_, row) => touchText(row.source?.last) },
    { label: 'Consent', value: (_, row) => consentSummary(row.consent) },
  );
  return columns;
}

/** The CSV lines of a list, header first, `\r\n` each. */
export async function* csvLines(db: Kysely<Database>, lead: ListedLead, query: LeadListQuery): AsyncGenerator<string> {
  const columns = columnsOf(lead);
  yield `${BOM}${columns.map((c) => csvCell(c.label)).join(',')}\r\n`;
  const table = sql.table(lead.table);
  const where = conditions(lead.searchText, query);
  let after: { created_at: Date; id: string } | undefined;
  for (;;) {
    const keyset = after ? sql`and (created_at, id) < (${after.created_at}, ${after.id}::uuid)` : sql``;
    const page = await sql<ListedRow<typeof lead.table>>`
      select * from ${table} where ${where} ${keyset}
      order by created_at desc, id desc limit ${PAGE}`.execute(db);
    if (page.rows.length === 0) return;
    let items = page.rows.map((row) => lead.listItem(row));
    if (lead.kind === 'personalitySignup') items = await withLatestTests(db, items);
    yield items.map((item, i) => `${columns.map((c) => csvCell(c.value(item, page.rows[i]!))).join(',')}\r\n`).join('');
    if (page.rows.length < PAGE) return;
    const last = page.rows[page.rows.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
  }
}
