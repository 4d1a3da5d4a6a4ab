// The lead score (contract/score.ts): a `score` column on every listed table, kept by the
// scheduler's jobs (api/score/jobs.ts) in the transaction that runs the rules for the same
// event, so a rule's `score` condition reads the score that event gave.
//
// - score_weights: the admins' weights, one row (none: the defaults in contract/score.ts).
// - Events the rules had no job for, which change a score: a booking paid ('score.lead'), a
//   student joining a classroom session ('score.person', by their email and phone).
// - session_participants gains the email index those look-ups read.
// - A first 'score.recompute' job scores the leads already stored, in batches.
import { sql, type Kysely } from 'kysely';
import { addScore } from './lib/listed-score-2026-11-27.ts';

const TABLES = [
  'contact_messages',
  'free_join_users',
  'enquiries',
  'join_now_users',
  'personality_users',
  'bookings',
  'proposals',
  'webinar_registrations',
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await addScore(db, table);
  await db.schema
    .createTable('score_weights')
    .addColumn('id', 'boolean', (c) =>
      c
        .primaryKey()
        .defaultTo(true)
        .check(sql`id`),
    )
    .addColumn('weights', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'uuid', (c) => c.references('admins.id').onDelete('set null'))
    .execute();
  await sql`create index session_participants_email_idx on session_participants (email) where email is not null`.execute(db);
  await sql`create index session_participants_phone_idx on session_participants (phone) where phone is not null`.execute(db);
  await sql`
    create function enqueue_booking_paid_score() returns trigger language plpgsql as $$
    begin
      insert into jobs (kind, key, payload)
      select 'score.lead', 'score.paid:' || n.id, jsonb_build_object('list', 'bookings', 'id', n.id)
      from new_rows n join old_rows o on o.id = n.id
      where n.payment_status = 'paid' and o.payment_status is distinct from 'paid'
      on conflict (key) do nothing;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger bookings_score_paid after update on bookings
    referencing old table as old_rows new table as new_rows for each statement execute function enqueue_booking_paid_score()`.execute(db);
  await sql`
    create function enqueue_session_join_score() returns trigger language plpgsql as $$
    begin
      insert into jobs (kind, key, payload)
      select 'score.person', 'score.session:' || r.id, jsonb_build_object('email', r.email, 'phone', r.phone)
      from new_rows r where r.email is not null or r.phone is not null
      on conflict (key) do nothing;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger session_participants_score after insert on session_participants
    referencing new table as new_rows for each statement execute function enqueue_session_join_score()`.execute(db);
  await sql`insert into jobs (kind, key, payload) values ('score.recompute', 'score.recompute:first', '{"run": "first"}'::jsonb)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from jobs where kind like 'score.%'`.execute(db);
  await sql`drop trigger session_participants_score on session_participants`.execute(db);
  await sql`drop function enqueue_session_join_score()`.execute(db);
  await sql`drop trigger bookings_score_paid on bookings`.execute(db);
  await sql`drop function enqueue_booking_paid_score()`.execute(db);
  await sql`drop index session_participants_phone_idx`.execute(db);
  await sql`drop index session_participants_email_idx`.execute(db);
  await db.schema.dropTable('score_weights').execute();
  for (const table of TABLES) {
    await sql`drop index ${sql.id(`${table}_score_sort_idx`)}`.execute(db);
    await sql`alter table ${sql.table(table)} drop column score`.execute(db);
  }
}
