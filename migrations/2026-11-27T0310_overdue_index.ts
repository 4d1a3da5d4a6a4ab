// The overview's overdue next steps per owner, from an index alone: every overview counted
// them by visiting each lead with a next step past due (its status decides whether it is
// still open), a heap fetch per lead. A partial index of the open, owned leads' next steps,
// keyed by the due time and carrying the owner, answers "past due now, per owner" with an
// index-only scan of exactly those entries. Leads without a next step (every public insert)
// write nothing to it.
import { sql, type Kysely } from 'kysely';
import { addOverdueIndex } from './lib/listed-table-2026-11-27T0310.ts';

/** Every listed table, known by its status-count trigger. */
async function listedTables(db: Kysely<any>): Promise<string[]> {
  const rows = await sql<{ table: string }>`
    select distinct c.relname as table
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal and p.proname = 'count_lead_inserts'
    order by 1`.execute(db);
  return rows.rows.map((r) => r.table);
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of await listedTables(db)) await addOverdueIndex(db, table);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of await listedTables(db)) await sql`drop index if exists ${sql.id(`${table}_overdue_idx`)}`.execute(db);
}
