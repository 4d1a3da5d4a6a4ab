// Indexes that earn their writes: every listed table had a sort index on lower(email) and
// one on lower(phone) beside its look-up indexes on email and phone. Emails are stored
// lower-cased and phones as their digits, so lower() changed nothing: the lists sort by the
// columns themselves (contract/lead-kinds.ts sortedAsStored), read from the look-up
// indexes, and the sixteen copies go (two fewer index entries for every lead stored). Each
// index that stays and the query that needs it: docs/performance.md.
import { sql, type Kysely } from 'kysely';

const AS_STORED = ['email', 'phone'];

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
  for (const table of await listedTables(db)) {
    for (const column of AS_STORED) await sql`drop index if exists ${sql.id(`${table}_${column}_sort_idx`)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of await listedTables(db)) {
    for (const column of AS_STORED) {
      await sql`create index ${sql.id(`${table}_${column}_sort_idx`)} on ${sql.table(table)} (lower(${sql.ref(column)}), id)`.execute(db);
    }
  }
}
