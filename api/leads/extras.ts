// What a kind's list items carry beyond their own row: the kind's own `extras` hook
// (api/leads/definitions.ts), asked here by the lists, the CSV, a lead's panel and a
// person's page, so none of them names a kind.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ListedLead, ListItem } from './definitions.ts';

/** The items with whatever their kind adds; the same items when it adds nothing. */
export async function withExtras<I extends ListItem>(db: Kysely<Database>, lead: Pick<ListedLead, 'extras'>, items: I[]): Promise<I[]> {
  return lead.extras && items.length > 0 ? lead.extras(db, items) : items;
}
