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
// - lead_status_counts: leads per list and status, kept by statement-level triggers on
//   insert, update and delete, so the overview's counts by status read five rows instead of
//   grouping a million (measured: ~140 ms at a million leads, over the console's budget).
//   Each insert statement adds one upsert of one row (its list's 'new' count).
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

  await db.schema
    .createTable('lead_status_counts')
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('lead_status_counts_pkey', ['list', 'status'])
    .execute();
  // Rows are counted per status and upserted in status order (one lock order for everyone).
  const upsert = sql`on conflict (list, status) do update set n = lead_status_counts.n + excluded.n`;
  await sql`
    create function count_lead_inserts() returns trigger language plpgsql as $$
    begin
      insert into lead_status_counts (list, status, n)
      select TG_ARGV[0], status, count(*) from new_rows group by status order by status
      ${upsert};
      return null;
    end
    $$`.execute(db);
  await sql`
    create function count_lead_updates() returns trigger language plpgsql as $$
    begin
      insert into lead_status_counts (list, status, n)
      select TG_ARGV[0], status, sum(delta) from (
        select o.status, -1 as delta from old_rows o join new_rows r on r.id = o.id where r.status <> o.status
        union all
        select r.status, 1 as delta from old_rows o join new_rows r on r.id = o.id where r.status <> o.status
      ) changes group by status order by status
      ${upsert};
      return null;
    end
    $$`.execute(db);
  await sql`
    create function count_lead_deletes() returns trigger language plpgsql as $$
    begin
      insert into lead_status_counts (list, status, n)
      select TG_ARGV[0], status, -count(*) from old_rows group by status order by status
      ${upsert};
      return null;
    end
    $$`.execute(db);

  for (const { table, list, search } of LISTS) {
    await db.schema
      .alterTable(table)
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('new')
          .check(sql`status in (${sql.join(STATUSES.map((s) => sql.lit(s)))})`),
      )
      .execute();
    // A large pending list: an insert only appends its trigrams there, and merging them into
    // the index is left to vacuum, which runs every 10,000 inserts (below) rather than on a
    // lead's request path. Measured on the single-lead POST: the index costs about a quarter
    // of peak throughput this way, and nothing at p99; merged by the inserts themselves (the
    // default 4 MB list) it cost a third, and doubled p99.
    await sql`create index ${sql.id(`${table}_search_idx`)} on ${sql.table(table)} using gin (${search} gin_trgm_ops) with (gin_pending_list_limit = 65536)`.execute(
      db,
    );
    await sql`alter table ${sql.table(table)} set (autovacuum_vacuum_insert_threshold = 10000, autovacuum_vacuum_insert_scale_factor = 0)`.execute(
      db,
    );
    await db.schema.createIndex(`${table}_email_idx`).on(table).column('email').execute();
    await db.schema.createIndex(`${table}_phone_idx`).on(table).column('phone').execute();
    await sql`create index ${sql.id(`${table}_status_idx`)} on ${sql.table(table)} (status, created_at desc, id desc)`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_notify`)} after insert on ${sql.table(table)}
      referencing new table as new_rows for each statement
      execute function notify_lead_insert(${sql.lit(list)}, 'created')`.execute(db);
    await sql`insert into lead_status_counts (list, status, n) select ${list}, status, count(*) from ${sql.table(table)} group by status`.execute(
      db,
    );
    await sql`
      create trigger ${sql.id(`${table}_count_inserts`)} after insert on ${sql.table(table)}
      referencing new table as new_rows for each statement
      execute function count_lead_inserts(${sql.lit(list)})`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_count_updates`)} after update on ${sql.table(table)}
      referencing old table as old_rows new table as new_rows for each statement
      execute function count_lead_updates(${sql.lit(list)})`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_count_deletes`)} after delete on ${sql.table(table)}
      referencing old table as old_rows for each statement
      execute function count_lead_deletes(${sql.lit(list)})`.execute(db);
  }
  // The overview's notice of mail that failed for good.
  await db.schema
    .createIndex('mail_outbox_failed_idx')
    .on('mail_outbox')
    .column('created_at')
    .where(sql.ref('status'), '=', 'failed')
    .execute();
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
  await db.schema.dropIndex('mail_outbox_failed_idx').execute();
  await db.schema.dropTable('lead_history').execute();
  await db.schema.dropIndex('quiz_submissions_email_only_idx').execute();
  await sql`drop trigger quiz_submissions_notify on quiz_submissions`.execute(db);
  for (const { table } of LISTS) {
    for (const trigger of ['notify', 'count_inserts', 'count_updates', 'count_deletes']) {
      await sql`drop trigger ${sql.id(`${table}_${trigger}`)} on ${sql.table(table)}`.execute(db);
    }
    for (const index of ['search', 'email', 'phone', 'status']) await db.schema.dropIndex(`${table}_${index}_idx`).execute();
    await db.schema.alterTable(table).dropColumn('status').execute();
  }
  for (const fn of ['notify_lead_insert', 'count_lead_inserts', 'count_lead_updates', 'count_lead_deletes'])
    await sql`drop function ${sql.id(fn)}()`.execute(db);
  await db.schema.dropTable('lead_status_counts').execute();
  await sql`alter index free_join_users_created_at_idx rename to free_join_users_joined_at_idx`.execute(db);
  await db.schema.alterTable('free_join_users').renameColumn('created_at', 'joined_at').execute();
}
