// The funnel and revenue report. A year at a million leads is read from a rollup, not from
// the lead tables: each person's facts (first seen, where they came from, their owner, how
// far they got, what they paid and when) in report_people, and the people counted per IST
// day and key in report_cells, which a report sums. A person is queued for a fresh look
// (report_queue) whenever their leads change person (lead_people) or anything is written in
// a lead's timeline (lead_history: status, owner, contact, payment), so the rollup follows
// the records it is derived from; api/reports/rollup.ts recomputes the queued people.
// Admins' spend per source per month sits beside it (report_spend).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('report_queue')
    .addColumn('person_id', 'uuid', (c) => c.primaryKey())
    .execute();
  await db.schema
    .createTable('report_people')
    .addColumn('person_id', 'uuid', (c) => c.primaryKey())
    .addColumn('first_day', 'date', (c) => c.notNull())
    // The keys a report groups by; '' (or -1 days) when the person has none, so a cell's key is never null.
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('campaign', 'text', (c) => c.notNull())
    .addColumn('organisation', 'text', (c) => c.notNull())
    .addColumn('counsellor', 'text', (c) => c.notNull())
    .addColumn('package', 'text', (c) => c.notNull())
    .addColumn('contacted', 'boolean', (c) => c.notNull())
    .addColumn('booked', 'boolean', (c) => c.notNull())
    .addColumn('paid', 'boolean', (c) => c.notNull())
    .addColumn('revenue', 'bigint', (c) => c.notNull())
    .addColumn('days_to_paid', 'integer', (c) => c.notNull())
    .execute();
  // A person counts in five cells of their first-seen day, one per key (dimension): once in
  // the cells every reader sums (scope '*') and once in their owner's (scope: the owner's id,
  // '' for the pool), which a counsellor's report sums. Keys crossed with each other would
  // make a cell per person at a million leads; one key at a time, a year is a few thousand.
  await db.schema
    .createTable('report_cells')
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('days_to_paid', 'integer', (c) => c.notNull())
    .addColumn('leads', 'integer', (c) => c.notNull())
    .addColumn('contacted', 'integer', (c) => c.notNull())
    .addColumn('booked', 'integer', (c) => c.notNull())
    .addColumn('paid', 'integer', (c) => c.notNull())
    .addColumn('revenue', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_cells_pkey', ['dimension', 'scope', 'day', 'key', 'days_to_paid'])
    .execute();
  await db.schema
    .createTable('report_spend')
    .addColumn('source', 'text', (c) => c.notNull())
    // The first day of the month.
    .addColumn('month', 'date', (c) => c.notNull().check(sql`extract(day from month) = 1`))
    .addColumn('rupees', 'integer', (c) => c.notNull().check(sql`rupees >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'uuid', (c) => c.references('admins.id').onDelete('set null'))
    .addPrimaryKeyConstraint('report_spend_pkey', ['source', 'month'])
    .execute();
  // The organisation of an enquiry a classroom session made, read for each enquiry a round looks at.
  await sql`create index classroom_sessions_lead_idx on classroom_sessions (lead_id) where lead_id is not null`.execute(db);
  await queueTriggers(db);
  // Everyone there already, looked at once by the first refresh.
  await sql`insert into report_queue (person_id) select id from people where merged_into is null`.execute(db);
}

async function queueTriggers(db: Kysely<any>): Promise<void> {
  await sql`
    create function report_queue_links() returns trigger language plpgsql as $$
    begin
      if tg_op in ('INSERT', 'UPDATE') then
        insert into report_queue (person_id) select distinct person_id from new_rows on conflict do nothing;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        insert into report_queue (person_id) select distinct person_id from old_rows on conflict do nothing;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function report_queue_history() returns trigger language plpgsql as $$
    begin
      insert into report_queue (person_id)
      select distinct lp.person_id from new_rows h join lead_people lp on lp.list = h.list and lp.lead_id = h.lead_id
      on conflict do nothing;
      return null;
    end $$`.execute(db);
  const statements = [
    sql`create trigger lead_people_report_insert after insert on lead_people
      referencing new table as new_rows for each statement execute function report_queue_links()`,
    sql`create trigger lead_people_report_update after update on lead_people
      referencing old table as old_rows new table as new_rows for each statement execute function report_queue_links()`,
    sql`create trigger lead_people_report_delete after delete on lead_people
      referencing old table as old_rows for each statement execute function report_queue_links()`,
    sql`create trigger lead_history_report_insert after insert on lead_history
      referencing new table as new_rows for each statement execute function report_queue_history()`,
    sql`create trigger lead_history_report_update after update on lead_history
      referencing new table as new_rows for each statement execute function report_queue_history()`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const trigger of ['lead_people_report_insert', 'lead_people_report_update', 'lead_people_report_delete'])
    await sql`drop trigger if exists ${sql.id(trigger)} on lead_people`.execute(db);
  for (const trigger of ['lead_history_report_insert', 'lead_history_report_update'])
    await sql`drop trigger if exists ${sql.id(trigger)} on lead_history`.execute(db);
  await sql`drop function if exists report_queue_links()`.execute(db);
  await sql`drop index if exists classroom_sessions_lead_idx`.execute(db);
  await sql`drop function if exists report_queue_history()`.execute(db);
  for (const table of ['report_spend', 'report_cells', 'report_people', 'report_queue']) await db.schema.dropTable(table).execute();
}
