// The CSV export as it was first written, kept as the reference the export's bytes are
// checked against (api/resources/workspace.test.ts): every column a function of the list
// item and the whole row, read with `select *` and made into records. The export itself
// (api/leads/csv.ts) has Postgres write most cells; this one says what each cell must be.
import { sql, type Kysely } from 'kysely';
import { LEAD_KINDS, LEAD_STATUS_LABELS, type LeadField } from '../../contract/lead-kinds.ts';
import { ACTION_LABELS } from '../../contract/activities.ts';
import { certificatePagePath } from '../../contract/quiz/api.ts';
import { QUIZ_DOMAIN_LABELS, QUIZ_DOMAINS } from '../../contract/quiz/items.ts';
import { consentSummary } from '../../contract/consent.ts';
import { touchText } from '../../contract/lead-signals.ts';
import type { Database, ListedTable } from '../db/schema.ts';
import type { ListedLead, ListedRow, ListItem } from '../leads/definitions.ts';
import { withExtras } from '../leads/extras.ts';
import { conditions, type LeadListQuery } from '../leads/list-query.ts';
import { csvCell, excelIst, type CsvOptions } from '../leads/csv.ts';

type Column = { label: string; value: (item: ListItem, row: ListedRow<ListedTable>) => unknown };

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

/** The whole file of `query`'s leads, newest first, in one read. */
export async function referenceCsv(db: Kysely<Database>, lead: ListedLead, query: LeadListQuery, options: CsvOptions): Promise<string> {
  const columns = columnsOf(lead, options);
  const rows = (
    await sql<ListedRow<ListedTable>>`select * from ${sql.table(lead.table)} where ${conditions(lead.searchText, query)}
      order by created_at desc, id desc`.execute(db)
  ).rows;
  const items = await withExtras(
    db,
    lead,
    rows.map((row) => lead.listItem(row)),
  );
  let text = `\uFEFF${columns.map((c) => csvCell(c.label)).join(',')}\r\n`;
  rows.forEach((row, i) => {
    text += `${columns.map((c) => csvCell(c.value(items[i]!, row))).join(',')}\r\n`;
  });
  return text;
}

/** An export's bytes (csvLines) read whole, as text. */
export async function csvText(lines: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of lines) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}
