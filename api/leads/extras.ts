// What a kind's list items carry beyond their own row, in one place: the personality
// sign-ups show each person's latest taken test. The lists, the CSV and a person's page all
// ask here instead of naming a kind, so a new kind with extras is one line. (Kept beside the
// definitions rather than on them: the test's module imports the definitions.)
import type { Kysely } from 'kysely';
import type { ListedKind } from '../../contract/lead-kinds.ts';
import type { Database } from '../db/schema.ts';
import type { ListedLead, ListItem } from './definitions.ts';
import { withLatestTests } from './latest-tests.ts';

type Extras = <I extends ListItem>(db: Kysely<Database>, items: I[]) => Promise<I[]>;

const EXTRAS: Partial<Record<ListedKind, Extras>> = {
  personalitySignup: withLatestTests,
};

/** The items with whatever their kind adds; the same items when it adds nothing. */
export async function withExtras<I extends ListItem>(db: Kysely<Database>, lead: Pick<ListedLead, 'kind'>, items: I[]): Promise<I[]> {
  const add = EXTRAS[lead.kind];
  return add && items.length > 0 ? add(db, items) : items;
}
