// A new kind's table as every listed table is after migrations T0280, T0295 and T0296: the
// 2026-11-27 helper's table with the lead score's column and index (T0280), without the trigger that notified inside each insert (the API
// sends those events after the commit) and without sort indexes on the fields stored as
// they are compared (an email, a phone: their look-up indexes hold that order).
//
// Dated and frozen like a migration (see listed-table-2026-11-27.ts); api/db/table-shape.test.ts
// checks that every listed table, whichever helper made it, has the same shape.
import { sql, type Kysely } from 'kysely';
import { addScore } from './listed-score-2026-11-27.ts';
import { createListedTableOfFields, type ListedColumn, type ListedFieldsSpec } from './listed-table-2026-11-27.ts';

/** One stored field; `asStored`: sorted by the column itself (contract/lead-kinds.ts StoredColumn). */
export interface PrunedListedColumn extends ListedColumn {
  asStored?: boolean;
}

export interface PrunedListedFieldsSpec extends ListedFieldsSpec {
  fields: readonly PrunedListedColumn[];
}

export async function createPrunedListedTable(db: Kysely<any>, spec: PrunedListedFieldsSpec): Promise<void> {
  await createListedTableOfFields(db, spec);
  await sql`drop trigger ${sql.id(`${spec.table}_notify`)} on ${sql.table(spec.table)}`.execute(db);
  for (const field of spec.fields.filter((f) => f.sorted && f.asStored)) {
    await sql`drop index ${sql.id(`${spec.table}_${field.column}_sort_idx`)}`.execute(db);
  }
  await addScore(db, spec.table);
}
