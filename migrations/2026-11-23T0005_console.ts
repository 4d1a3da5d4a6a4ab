// The admin console: a status on every listed lead, the history of status changes and
// notes, indexes for the console's reads at a million rows, and a notification on every
// insert so each admin's open list hears of new leads from any API instance.
//
// - status: new → contacted / converted / not-interested / spam, default new.
// - lead_history: append-only; a note is never edited, a status change records from and to.
//   admin_label keeps who did it readable if the admin is later removed.
// - Search (`?q=`) is a substring match over name, email and phone: a trigram index
//   (pg_trgm) on that text per table makes it an index scan instead of a scan of the table.
//   The people lookup matches email or phone exactly (b-tree), status-filtered pages read
//   (status, created_at, id) in order.
// - free_join_users.joined_at becomes created_at like every other lead table (its records
//   still say joinedAt, spec §3), so one query shape serves every list.
// - NOTIFY lead_events after each insert statement (not each row: a grouped insert of 300
//   rows is one event), with the list and the number of new rows.
import { sql, type Kysely } from 'kysely';

/** Lead tables with an admin list, their list slug, and the text `q` searches. */
const LISTS = [
  { table: 'contact_messages', list: 'contact', search: sql`(first_name || ' ' || last_name || ' ' || email || ' ' || phone)` },
  { table: 'free_join_users', list: 'join-free', search: sql`(name || ' ' || email || ' ' || phone)` },
  { table: 'enquiries', list: 'need-help', search: sql`(name || ' ' || email || ' ' || phone)` },
  { table: 'join_now_users', list: 'join-now', search: sql`(name || ' ' || email || ' ' || phone)` },
  { table: 'personality_users', list: 'test-form', search: sql`(name || ' ' || email || ' ' || phone)` },
] as const;

const STATUSES = ['new', 'contacted', 'converted', 'not-interested', 'spam'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema.alterTable('free_join_users').renameColumn('joined_at', 'created_at').execute();
  await sql`alter index free_join_users_joined_at_idx rename to free_join_users_created_at_idx`.execute(db);

  await sql`
    create function notify_lead_insert() returns trigger language plpgsql as $$
    begin
      perform pg_notify('lead_events', json_build_object('list', TG_ARGV[0], 'type', TG_ARGV[1], 'count', (select count(*) from new_rows))::text);
      return null;
    end
    $$`.execute(db);

  for (const { table, list, search } of LISTS) {
    await db.schema
      .alterTable(table)
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('new').check(sql`status in (${sql.join(STATUSES.map((s) => sql.lit(s)))})`))
      .execute();
    await sql`create index ${sql.id(`${table}_search_idx`)} on ${sql.table(table)} using gin (${search} gin_trgm_ops)`.execute(db);
    await db.schema.createIndex(`${table}_email_idx`).on(table).column('email').execute();
    await db.schema.createIndex(`${table}_phone_idx`).on(table).column('phone').execute();
    await sql`create index ${sql.id(`${table}_status_idx`)} on ${sql.table(table)} (status, created_at desc, id desc)`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_notify`)} after insert on ${sql.table(table)}
      referencing new table as new_rows for each statement
      execute function notify_lead_insert(${sql.lit(list)}, 'created')`.execute(db);
  }
  // A taken test changes its sign-up's row in the test-form list (language, scores).
  await sql`
    create trigger quiz_submissions_notify after insert on quiz_submissions
    referencing new table as new_rows for each statement
    execute function notify_lead_insert('test-form', 'updated')`.execute(db);
  await db.schema.createIndex('quiz_submissions_email_only_idx').on('quiz_submissions').column('email').execute();

  await db.schema
    .createTable('lead_history')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'uuid', (c) => c.notNull())
    .addColumn('admin_id', 'uuid', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('admin_label', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('status', 'note')`))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('lead_history_lead_idx').on('lead_history').columns(['list', 'lead_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lead_history').execute();
  await db.schema.dropIndex('quiz_submissions_email_only_idx').execute();
  await sql`drop trigger quiz_submissions_notify on quiz_submissions`.execute(db);
  for (const { table } of LISTS) {
    await sql`drop trigger ${sql.id(`${table}_notify`)} on ${sql.table(table)}`.execute(db);
    for (const index of ['search', 'email', 'phone', 'status']) await db.schema.dropIndex(`${table}_${index}_idx`).execute();
    await db.schema.alterTable(table).dropColumn('status').execute();
  }
  await sql`drop function notify_lead_insert()`.execute(db);
  await sql`alter index free_join_users_created_at_idx rename to free_join_users_joined_at_idx`.execute(db);
  await db.schema.alterTable('free_join_users').renameColumn('created_at', 'joined_at').execute();
}
