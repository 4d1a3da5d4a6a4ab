// The live console's events of new leads and taken tests are sent by the API after the
// insert has committed (api/leads/event-publisher.ts), no longer by a trigger inside it: a
// NOTIFY holds a lock until its transaction's commit is flushed, so every notifying insert
// waited for the one before it. Every insert trigger that notified lead_events goes; the
// functions stay (frozen migrations' helpers name them), and status changes still notify in
// their own transactions (not the public path).
import { sql, type Kysely } from 'kysely';

const NOTIFYING = ['notify_lead_insert_not_spam', 'notify_lead_insert'];

async function notifyingTriggers(db: Kysely<any>): Promise<Array<{ table: string; trigger: string }>> {
  const rows = await sql<{ table: string; trigger: string }>`
    select c.relname as table, t.tgname as trigger
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal and p.proname = any(${NOTIFYING}::text[])
    order by 1, 2`.execute(db);
  return rows.rows;
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, trigger } of await notifyingTriggers(db)) {
    await sql`drop trigger ${sql.id(trigger)} on ${sql.table(table)}`.execute(db);
  }
}

/** Every listed table with its list, read from its status-count trigger's argument. */
async function listedTables(db: Kysely<any>): Promise<Array<{ table: string; list: string }>> {
  const rows = await sql<{ table: string; list: string }>`
    select c.relname as table, split_part(encode(t.tgargs, 'escape'), '\\000', 1) as list
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal and p.proname = 'count_lead_inserts'
    order by 1`.execute(db);
  return rows.rows;
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table, list } of await listedTables(db)) {
    await sql`create trigger ${sql.id(`${table}_notify`)} after insert on ${sql.table(table)}
      referencing new table as new_rows for each statement
      execute function notify_lead_insert_not_spam(${sql.lit(list)})`.execute(db);
  }
  await sql`create trigger quiz_submissions_notify after insert on quiz_submissions
    referencing new table as new_rows for each statement
    execute function notify_lead_insert('test-form', 'updated')`.execute(db);
}
