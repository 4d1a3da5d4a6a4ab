// Merges the search indexes' pending lists off the leads' path. Each lead
// table's trigram index (gin, gin_pending_list_limit 64 MB) takes an insert's entries into
// its pending list, which is cheap; but when the list passes its limit, the insert that
// finds it full merges all of it into the index, inside that insert's transaction. Under
// 4,000 leads a second that happened every ~17 s and held one group commit of 25 leads for
// 480–560 ms: the lead POST's p99 of 300–700 ms in one bench round out of two or three.
// Vacuum would merge it, but autovacuum wakes a minute apart at best (and is off on some
// servers, this project's CI among them). So the scheduler merges the lists every second,
// from its own connection (gin_clean_pending_list, at most one instance at a time), and a
// list never comes near its limit. Postgres only: embedded PGlite has one connection, which
// the leads would wait on.
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Pages merged, per index, in one round (indexes that had none are left out). */
export async function mergePendingLists(db: Kysely<Database>): Promise<Map<string, number>> {
  return db.connection().execute(async (conn) => {
    // One instance at a time: two would only take turns on each index's cleanup lock.
    const locked = await sql<{ ok: boolean }>`select pg_try_advisory_lock(hashtextextended('gin-pending-lists', 0)) as ok`.execute(conn);
    if (!locked.rows[0]?.ok) return new Map();
    try {
      const merged = await sql<{ index: string; pages: string }>`
        select c.relname as index, gin_clean_pending_list(c.oid)::text as pages
        from pg_class c join pg_am am on am.oid = c.relam
        where am.amname = 'gin' and c.relnamespace = (select oid from pg_namespace where nspname = current_schema())
        order by c.relname`.execute(conn);
      return new Map(merged.rows.filter((r) => Number(r.pages) > 0).map((r) => [r.index, Number(r.pages)]));
    } finally {
      await sql`select pg_advisory_unlock(hashtextextended('gin-pending-lists', 0))`.execute(conn);
    }
  });
}
