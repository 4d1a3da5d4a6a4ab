// The lead score's column on a listed table (migrations/2026-11-27T0280_lead_score.ts gave it to
// every listed table of that day): 0 to 100, kept by the scheduler's score jobs, with the
// index a list sorted or filtered by score reads in order, both ways. A kind made after that
// migration gets both from the newest table helper (listed-table-2026-11-27T0296.ts).
//
// Dated and frozen like a migration.
import { sql, type Kysely } from 'kysely';

export async function addScore(db: Kysely<any>, table: string): Promise<void> {
  await sql`alter table ${sql.table(table)} add column score smallint not null default 0
    constraint ${sql.id(`${table}_score_check`)} check (score between 0 and 100)`.execute(db);
  await sql`create index ${sql.id(`${table}_score_sort_idx`)} on ${sql.table(table)} (score, id)`.execute(db);
}
