// Classroom sessions (issue 23): a trainer's session is a short code a class joins at
// /s/{code}; submissions carry the code beside their fields, like `source`. A student is
// a participant of a session once, however often they submit: `participant` is their
// identity within it ('e:' + email, or 'r:' + roll number, lower-cased), so counts and the
// report take distinct participants. No foreign key from submissions to the session: a
// phone's queued answers for a code must never fail to store (an unknown code is kept and
// simply belongs to no session's report).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('classroom_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('code', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`code ~ '^[A-Z0-9]{6}$'`),
    )
    .addColumn('organisation', 'text', (c) => c.notNull())
    .addColumn('city', 'text')
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('english', 'hinglish')`))
    .addColumn('expected', 'integer')
    // A school's students are mostly under 18: their join asks the guardian step.
    .addColumn('audience', 'text', (c) =>
      c
        .notNull()
        .defaultTo('college')
        .check(sql`audience in ('college', 'school', 'corporate')`),
    )
    .addColumn('created_by', 'uuid', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('classroom_sessions_date_idx').on('classroom_sessions').columns(['date', 'created_at']).execute();

  // Who joined: the join form at /s/{code}, through the outbox like every submission.
  await db.schema
    .createTable('session_participants')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('session_code', 'text', (c) => c.notNull())
    .addColumn('participant', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('roll_number', 'text')
    .addColumn('phone', 'text')
    .addColumn('consent', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('request_hash', 'text')
    .execute();
  await db.schema
    .createIndex('session_participants_code_idx')
    .on('session_participants')
    .columns(['session_code', 'participant'])
    .execute();

  // A taken test in a session: its code and participant; a student with a roll number and
  // no email has no email (the certificate is at its link, not mailed).
  await db.schema
    .alterTable('quiz_submissions')
    .addColumn('session_code', 'text')
    .addColumn('participant', 'text')
    .addColumn('roll_number', 'text')
    .addColumn('phone', 'text')
    .execute();
  await sql`alter table quiz_submissions alter column email drop not null`.execute(db);
  await sql`alter table quiz_submissions add constraint quiz_submissions_email_or_roll
    check (email is not null or roll_number is not null)`.execute(db);
  await sql`create index quiz_submissions_session_idx on quiz_submissions (session_code, participant, created_at desc)
    where session_code is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index quiz_submissions_session_idx`.execute(db);
  await sql`alter table quiz_submissions drop constraint quiz_submissions_email_or_roll`.execute(db);
  await db.schema
    .alterTable('quiz_submissions')
    .dropColumn('session_code')
    .dropColumn('participant')
    .dropColumn('roll_number')
    .dropColumn('phone')
    .execute();
  await db.schema.dropTable('session_participants').execute();
  await db.schema.dropTable('classroom_sessions').execute();
}
