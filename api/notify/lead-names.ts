// How a notice names a lead: by first name and list only. A push is shown on a lock screen
// and passes through a push service, so it never carries an email, a phone or a surname.
import { sql, type Kysely, type Transaction } from 'kysely';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import type { Database } from '../db/schema.ts';
import { nameOf } from '../desk/my-day.ts';
import { listedLead } from '../leads/definitions.ts';

const FIRST_NAME_MAX = 40;

/** "Meera" of "Meera Iyer"; "A lead" when there is no name to give. */
export function firstNameOf(fullName: string): string {
  const first = fullName.trim().split(/\s+/)[0] ?? '';
  // An email typed into a name field is not a name.
  if (!first || first.includes('@')) return 'A lead';
  return first.slice(0, FIRST_NAME_MAX);
}

/** The list's title as the console shows it ("Need Help Users"); the slug when unknown. */
export function listTitleOf(list: string): string {
  const lead = listedLead(list);
  return lead ? LEAD_KINDS[lead.kind].list.title : list;
}

/** First names of leads of one list by id (those found). */
export async function firstNamesOf(
  db: Kysely<Database> | Transaction<Database>,
  list: string,
  ids: string[],
): Promise<Map<string, string>> {
  const lead = listedLead(list);
  const names = new Map<string, string>();
  if (!lead || ids.length === 0) return names;
  const rows = await sql<
    Record<string, unknown> & { id: string }
  >`select * from ${sql.table(lead.table)} where id = any(${ids}::uuid[])`.execute(db);
  for (const row of rows.rows) names.set(row.id, firstNameOf(nameOf(lead.listItem(row as never))));
  return names;
}
