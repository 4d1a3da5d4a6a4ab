// The one scheduler for delayed work (escalations, rules with minutes, events for the rules;
// later reminders, digests and mail): a job is a row of `jobs` (migrations/2026-11-27T0240_scheduler.ts).
//
// Why not pg-boss or graphile-worker: see README ("One scheduler for delayed work"). In short,
// both need Node 22 while the product runs on Node 20, and neither can enqueue a job in the
// Kysely transaction (or the trigger) that causes it on embedded PGlite, which has one
// connection that another library's poller would share mid-transaction.
//
// A round claims due jobs one at a time: the transaction that locks the row (FOR UPDATE SKIP
// LOCKED, so other instances pass over it) runs the handler with that transaction and marks
// the job done in it. The job's effects (a lead's change, its timeline line, a queued email, a
// notification) and its "done" commit together, so a job acts once across instances, and an
// instance that dies mid-job leaves it waiting for the next round. A handler that throws is
// rolled back to a savepoint; the job is retried later (back-off doubling from a few seconds)
// and after max_attempts kept as 'failed' with its error, for the console to show.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { startLoop, type Loop } from '../lib/loop.ts';

export interface Job {
  id: string;
  kind: string;
  key: string | null;
  payload: Record<string, unknown>;
  run_at: Date;
  attempts: number;
  max_attempts: number;
}

/** A job's work, in the transaction that claimed it; `now`: the round's time. */
export type JobHandler = (trx: Transaction<Database>, job: Job, now: Date) => Promise<void>;

export interface NewJob {
  kind: string;
  /** Unique: a second job with the same key is not added (resolves false). */
  key?: string;
  payload?: Record<string, unknown>;
  runAt?: Date;
  maxAttempts?: number;
}

/** Back-off after the n-th failed attempt: 5 s, 10 s, 20 s … capped at an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempts - 1));
}

/** Adds a job with `db` (pass the transaction of what caused it); false when its key exists. */
export async function enqueueJob(db: Kysely<Database>, job: NewJob): Promise<boolean> {
  const result = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      key: job.key ?? null,
      payload: JSON.stringify(job.payload ?? {}),
      ...(job.runAt ? { run_at: job.runAt } : {}),
      ...(job.maxAttempts ? { max_attempts: job.maxAttempts } : {}),
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 1000);
}

type Outcome = 'none' | 'done' | 'retrying' | 'failed';

/** Claims and runs one due job; resolves what became of it ('none': nothing was due). */
async function runOne(db: Kysely<Database>, handlers: Record<string, JobHandler>, now: Date): Promise<Outcome> {
  return db.transaction().execute(async (trx) => {
    const claimed = await sql<Job>`
      select id, kind, key, payload, run_at, attempts, max_attempts from jobs
      where state = 'waiting' and run_at <= ${now}
      order by run_at, id limit 1 for update skip locked`.execute(trx);
    const job = claimed.rows[0];
    if (!job) return 'none';
    const handler = handlers[job.kind];
    await sql`savepoint job`.execute(trx);
    try {
      if (!handler) throw new Error(`no handler for jobs of kind "${job.kind}"`);
      await handler(trx, job, now);
      await sql`release savepoint job`.execute(trx);
      await sql`update jobs set state = 'done', attempts = attempts + 1, finished_at = ${now}, last_error = null where id = ${job.id}`.execute(
        trx,
      );
      return 'done';
    } catch (err) {
      await sql`rollback to savepoint job`.execute(trx);
      const attempts = job.attempts + 1;
      const failed = attempts >= job.max_attempts;
      await sql`
        update jobs set attempts = ${attempts}, last_error = ${errorText(err)},
          state = ${failed ? 'failed' : 'waiting'}, finished_at = ${failed ? now : null},
          run_at = ${new Date(now.getTime() + retryDelayMs(attempts))}
        where id = ${job.id}`.execute(trx);
      return failed ? 'failed' : 'retrying';
    }
  });
}

export interface RoundResult {
  done: number;
  retrying: number;
  failed: number;
}

/** Runs due jobs until none is left or `limit` ran; resolves the counts. */
export async function runDueJobs(db: Kysely<Database>, handlers: Record<string, JobHandler>, now: Date, limit = 200): Promise<RoundResult> {
  const result: RoundResult = { done: 0, retrying: 0, failed: 0 };
  for (let i = 0; i < limit; i += 1) {
    const outcome = await runOne(db, handlers, now);
    if (outcome === 'none') break;
    result[outcome] += 1;
  }
  return result;
}

/** Puts a failed job back in line, at once (the console's "Retry"). */
export async function retryJob(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ state: 'waiting', run_at: now, attempts: 0, finished_at: null })
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface Scheduler extends Loop {
  /** Runs due jobs now (after the round under way); tests and a request that just queued work. */
  drain(): Promise<RoundResult>;
}

export function startScheduler(options: {
  db: Kysely<Database>;
  handlers: Record<string, JobHandler>;
  pollMs?: number;
  log: (line: string) => void;
  clock?: () => Date;
}): Scheduler {
  const now = () => options.clock?.() ?? new Date();
  const loop: Loop = startLoop(
    'scheduler',
    options.pollMs ?? 1_000,
    async () => {
      const round = await runDueJobs(options.db, options.handlers, now());
      if (round.failed > 0) options.log(`scheduler: ${round.failed} job(s) failed for good (shown on the rules page)`);
      // A full round leaves more due: go again at once rather than at the next tick.
      if (round.done + round.retrying + round.failed >= 200) loop.wake();
    },
    options.log,
  );
  return { ...loop, drain: () => runDueJobs(options.db, options.handlers, now()) };
}
