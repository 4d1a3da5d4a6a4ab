// Periodic work on the one scheduler (api/jobs/scheduler.ts): a row per recurring round (the
// desk's reminders, digests, payment reminders and link checks, webinar reminders, assignment
// notices, push sending), due at next_run_at. An instance's poll claims a due row with one
// update that moves next_run_at a period on (FOR UPDATE SKIP LOCKED lets the others pass), so
// each period's round runs on one instance, and the schedule outlives every restart. A round
// is a catch-up over rows that carry their own claim (a reminder's reminded_at, a push's
// lease): an instance that dies mid-round leaves the rest for the next period's round.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_schedules')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('every_ms', 'integer', (c) => c.notNull().check(sql`every_ms > 0`))
    .addColumn('next_run_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_started_at', 'timestamptz')
    .addColumn('last_finished_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_schedules').execute();
}
