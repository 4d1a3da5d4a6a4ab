// A new kind's table as every listed table is after migration T0310: the T0296 helper's
// table with the overdue index (a partial index of the open, owned leads' next steps, which
// the overview counts per owner from the index alone).
//
// Dated and frozen like a migration (see listed-table-2026-11-27.ts); api/db/table-shape.test.ts
// checks that every listed table, whichever helper made it, has the same shape.
import { sql, type Kysely } from 'kysely';
import { createPrunedListedTable, type PrunedListedFieldsSpec } from './listed-table-2026-11-27T0296.ts';

/** The overdue index of `table`, as migration T0310 makes it on every listed table. */
export async function addOverdueIndex(db: Kysely<any>, table: string): Promise<void> {
  // Keyed by the due time, so "past due now" is a range; the owner is carried in the index so
  // the count per owner never visits the table. Public inserts have no next step: they
  // write nothing here.
  await sql`create index ${sql.id(`${table}_overdue_idx`)} on ${sql.table(table)} (next_action_due_at) include (assignee_id)
    where next_action_due_at is not null and assignee_id is not null and status in ('new', 'contacted')`.execute(db);
}

export async function createOverdueListedTable(db: Kysely<any>, spec: PrunedListedFieldsSpec): Promise<void> {
  await createPrunedListedTable(db, spec);
  await addOverdueIndex(db, spec.table);
}
