// One scheduler for delayed work (api/jobs/scheduler.ts): a job is a row, due at run_at,
// claimed by the instance whose transaction locks it (FOR UPDATE SKIP LOCKED lets the others
// pass), run in that same transaction and marked done there, so its effects and its "done"
// commit together: once across instances and restarts. `key`, when given, is unique: a job
// that must exist once (a rule's firing for one lead and event) is inserted with ON CONFLICT
// DO NOTHING, and the row stays after it ran, so a second insert is still a no-op.
// A failing job is retried with back-off (run_at moves on) and, after max_attempts, kept as
// 'failed' with its last error for the console to show, never dropped.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.unique())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('run_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('waiting')
        .check(sql`state in ('waiting', 'done', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(6))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`create index jobs_due_idx on jobs (run_at, id) where state = 'waiting'`.execute(db);
  await sql`create index jobs_failed_idx on jobs (kind, finished_at desc) where state = 'failed'`.execute(db);
  // Waiting and failed jobs of one kind and payload (a rule's failures, a lead's escalation).
  await sql`create index jobs_rule_idx on jobs ((payload->>'rule')) where payload ? 'rule'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
