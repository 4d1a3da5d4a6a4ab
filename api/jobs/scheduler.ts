// The one scheduler for delayed work (escalations, rules with minutes, events for the rules;
// later reminders, digests and mail): a job is a row of `jobs` (migrations/2026-11-27T0240_scheduler.ts).
//
// Why not pg-boss or graphile-worker: see README ("One scheduler for delayed work"). In short,
// both need Node 22 while the product runs on Node 20, and neither can enqueue a job in the
// Kysely transaction (or the trigger) that causes it on embedded PGlite, which has one
// connection that another library's poller would share mid-transaction.
//
// A round claims due jobs in batches (up to JOB_BATCH in one select, FOR UPDATE SKIP LOCKED,
// so other instances pass over them) and runs each handler in that transaction under its own
// savepoint; the batch's "done" marks commit with their effects (a lead's change, its timeline
// line, a queued email, a notification), so a job acts once across instances, and an instance
// that dies mid-batch leaves its jobs waiting for the next round. A handler that throws is
// rolled back to its savepoint alone; the job is retried later (back-off doubling from a few
// seconds) and after max_attempts kept as 'failed' with its error, for the console to show.
// One job per transaction fell 44k jobs behind a lead POST bench: a commit per job is the cost.
//
// Periodic rounds (reminders, digests, payment checks, push sending; job_schedules,
// migrations/2026-11-27T0290_job_schedules.ts) run from the same poll: each period is claimed
// by one instance, and the round then claims its own rows exactly once, as it always did.
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

/** A job that is not due yet after all (a deadline in working hours): it waits to `until`, its attempts unchanged. */
export interface NotYet {
  until: Date;
}

/**
 * A job's work, in the transaction that claimed it; `now`: the round's time. `batch`, when
 * given, does the same work for many jobs of its kind at once (a statement for the lot,
 * not one per job): a claimed batch's jobs of that kind go to it together.
 */
export interface JobHandler {
  (trx: Transaction<Database>, job: Job, now: Date): Promise<void | NotYet>;
  batch?: BatchJobHandler;
}

/** Many jobs of one kind, each done exactly as its one-job handler would (never "not yet"). */
export type BatchJobHandler = (trx: Transaction<Database>, jobs: Job[], now: Date) => Promise<void>;

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

/** Adds many jobs in one insert (a batch's follow-up work); a key that exists is skipped. */
export async function enqueueJobs(db: Kysely<Database>, jobs: NewJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await db
    .insertInto('jobs')
    .values(
      jobs.map((job) => ({
        kind: job.kind,
        key: job.key ?? null,
        payload: JSON.stringify(job.payload ?? {}),
        run_at: job.runAt ?? sql<Date>`now()`,
        max_attempts: job.maxAttempts ?? sql<number>`default`,
      })),
    )
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 1000);
}

/** Jobs claimed in one round's transaction (one select, FOR UPDATE SKIP LOCKED). */
export const JOB_BATCH = 100;

export interface RoundResult {
  done: number;
  retrying: number;
  failed: number;
}

/**
 * Claims up to `batch` due jobs in one transaction and runs each under its own savepoint: a
 * job that throws is rolled back alone (its retry or failure recorded), the others' effects
 * and their "done" commit together. A kind with a batch handler runs its claimed jobs
 * together under one savepoint; if that throws, it is rolled back and each of those jobs runs
 * alone, so a failing job still fails alone. Resolves the counts and how many were claimed.
 */
async function runBatch(
  db: Kysely<Database>,
  handlers: Record<string, JobHandler>,
  now: Date,
  batch: number,
): Promise<RoundResult & { claimed: number }> {
  return db.transaction().execute(async (trx) => {
    const claimed = await sql<Job>`
      select id, kind, key, payload, run_at, attempts, max_attempts from jobs
      where state = 'waiting' and run_at <= ${now}
      order by run_at, id limit ${batch} for update skip locked`.execute(trx);
    const result = { done: 0, retrying: 0, failed: 0, claimed: claimed.rows.length };
    const done: string[] = [];
    for (const group of byKind(claimed.rows)) {
      const together = handlers[group[0]!.kind]?.batch;
      if (together && group.length > 1 && (await runTogether(trx, together, group, now))) {
        done.push(...group.map((job) => job.id));
        continue;
      }
      for (const job of group) {
        const outcome = await runOne(trx, handlers[job.kind], job, now);
        if (outcome === 'done') done.push(job.id);
        else if (outcome !== 'later') result[outcome] += 1;
      }
    }
    if (done.length > 0) {
      await sql`update jobs set state = 'done', attempts = attempts + 1, finished_at = ${now}, last_error = null
        where id = any(${done}::bigint[])`.execute(trx);
    }
    result.done = done.length;
    return result;
  });
}

/** The claimed jobs by kind, each kind where its first job was in the claim's order. */
function byKind(jobs: Job[]): Job[][] {
  const groups = new Map<string, Job[]>();
  for (const job of jobs) {
    const group = groups.get(job.kind);
    if (group) group.push(job);
    else groups.set(job.kind, [job]);
  }
  return [...groups.values()];
}

/** One kind's jobs through its batch handler under one savepoint; false (rolled back) when it threw. */
async function runTogether(trx: Transaction<Database>, handler: BatchJobHandler, jobs: Job[], now: Date): Promise<boolean> {
  await sql`savepoint jobs`.execute(trx);
  try {
    await handler(trx, jobs, now);
    await sql`release savepoint jobs`.execute(trx);
    return true;
  } catch {
    await sql`rollback to savepoint jobs`.execute(trx);
    await sql`release savepoint jobs`.execute(trx);
    return false;
  }
}

/** One job under its own savepoint; a throw is rolled back alone and recorded (retry, or failed for good). */
async function runOne(
  trx: Transaction<Database>,
  handler: JobHandler | undefined,
  job: Job,
  now: Date,
): Promise<'done' | 'later' | 'retrying' | 'failed'> {
  await sql`savepoint job`.execute(trx);
  try {
    if (!handler) throw new Error(`no handler for jobs of kind "${job.kind}"`);
    const outcome = await handler(trx, job, now);
    await sql`release savepoint job`.execute(trx);
    if (!outcome || outcome.until <= now) return 'done';
    await sql`update jobs set run_at = ${outcome.until} where id = ${job.id}`.execute(trx);
    return 'later';
  } catch (err) {
    await sql`rollback to savepoint job`.execute(trx);
    await sql`release savepoint job`.execute(trx);
    const attempts = job.attempts + 1;
    const failed = attempts >= job.max_attempts;
    await sql`
      update jobs set attempts = ${attempts}, last_error = ${errorText(err)},
        state = ${failed ? 'failed' : 'waiting'}, finished_at = ${failed ? now : null},
        run_at = ${new Date(now.getTime() + retryDelayMs(attempts))}
      where id = ${job.id}`.execute(trx);
    return failed ? 'failed' : 'retrying';
  }
}

/** Runs due jobs, a batch per transaction, until none is left or `limit` ran; resolves the counts. */
export async function runDueJobs(
  db: Kysely<Database>,
  handlers: Record<string, JobHandler>,
  now: Date,
  limit = 1_000,
  batch = JOB_BATCH,
): Promise<RoundResult> {
  const result: RoundResult = { done: 0, retrying: 0, failed: 0 };
  for (let ran = 0; ran < limit;) {
    const round = await runBatch(db, handlers, now, Math.min(batch, limit - ran));
    if (round.claimed === 0) break;
    ran += round.claimed;
    result.done += round.done;
    result.retrying += round.retrying;
    result.failed += round.failed;
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

/**
 * A recurring round (reminders, digests, push sending): a catch-up over rows that carry their
 * own exactly-once claim, run once a period on one instance (a row of job_schedules).
 */
export interface Periodic {
  everyMs: number;
  /** Resolves true when it left more due (a full batch): it runs again at once, on this instance. */
  run(now: Date): Promise<boolean | void>;
}

/** Writes each round's period; a new round is due at once, a known one keeps its next time (or comes sooner). */
export async function registerPeriodic(db: Kysely<Database>, periodic: Record<string, Periodic>, now: Date): Promise<void> {
  const rows = Object.entries(periodic).map(([name, p]) => ({ name, every_ms: p.everyMs, next_run_at: now }));
  if (rows.length === 0) return;
  await db
    .insertInto('job_schedules')
    .values(rows)
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        every_ms: (eb) => eb.ref('excluded.every_ms'),
        next_run_at: sql`least(job_schedules.next_run_at, ${now}::timestamptz + make_interval(secs => excluded.every_ms / 1000.0))`,
      }),
    )
    .execute();
}

/**
 * Claims the rounds among `names` that are due at `now`: one update moves each one's next
 * time a period on, so one instance has each period (SKIP LOCKED: others pass over it, and
 * one that waited re-reads the moved time). Resolves the names claimed.
 */
export async function claimDueRounds(db: Kysely<Database>, names: string[], now: Date): Promise<string[]> {
  if (names.length === 0) return [];
  const claimed = await sql<{ name: string }>`
    update job_schedules s set next_run_at = ${now}::timestamptz + make_interval(secs => s.every_ms / 1000.0), last_started_at = ${now}
    where s.name in (
      select name from job_schedules where name = any(${names}::text[]) and next_run_at <= ${now}
      order by name for update skip locked)
    returning s.name`.execute(db);
  return claimed.rows.map((r) => r.name).sort();
}

export interface Scheduler extends Loop {
  /** Runs due jobs now (after the round under way); tests and a request that just queued work. */
  drain(): Promise<RoundResult>;
  /** Runs a periodic round here now, unless it is running already (new work it should see at once). */
  runNow(name: string): void;
  /** Claims the due rounds and waits for them (tests, with a fake clock); resolves their names. */
  drainRounds(): Promise<string[]>;
}

/**
 * Starts this instance's one poll loop: each tick runs the due jobs in batches, then claims
 * the due periodic rounds and starts them (a round still running here is not doubled).
 */
export function startScheduler(options: {
  db: Kysely<Database>;
  /** The job kinds this instance runs; none on a relay (its upstream decides), which runs only rounds. */
  handlers?: Record<string, JobHandler>;
  periodic?: Record<string, Periodic>;
  pollMs?: number;
  log: (line: string) => void;
  clock?: () => Date;
}): Scheduler {
  const now = () => options.clock?.() ?? new Date();
  const periodic = options.periodic ?? {};
  const handlers = options.handlers;
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  let registered: Promise<void> | undefined;
  const register = () =>
    (registered ??= registerPeriodic(options.db, periodic, now()).catch((err: unknown) => {
      registered = undefined;
      throw err;
    }));
  const start = (name: string, at: Date): Promise<void> => {
    const existing = running.get(name);
    if (existing || stopped) return existing ?? Promise.resolve();
    const round = (async () => {
      for (let i = 0; i < 50; i += 1) if (!(await periodic[name]!.run(i === 0 ? at : now()))) break;
    })()
      .catch((err: unknown) => {
        options.log(`scheduler: ${name}: ${errorText(err)}`);
        return sql`update job_schedules set last_error = ${errorText(err)} where name = ${name}`.execute(options.db).then(() => undefined);
      })
      .catch(() => undefined)
      .finally(() => running.delete(name));
    running.set(name, round);
    return round;
  };
  const claimRounds = async (): Promise<string[]> => {
    if (stopped) return [];
    await register();
    const at = now();
    const idle = Object.keys(periodic).filter((name) => !running.has(name));
    const names = await claimDueRounds(options.db, idle, at);
    for (const name of names) void start(name, at);
    return names;
  };
  const loop: Loop = startLoop(
    'scheduler',
    options.pollMs ?? 1_000,
    async () => {
      const round = handlers ? await runDueJobs(options.db, handlers, now()) : { done: 0, retrying: 0, failed: 0 };
      if (round.failed > 0) options.log(`scheduler: ${round.failed} job(s) failed for good (shown on the rules page)`);
      await claimRounds();
      // A full round leaves more due: go again at once rather than at the next tick.
      if (round.done + round.retrying + round.failed >= 1_000) loop.wake();
    },
    options.log,
  );
  return {
    wake: loop.wake,
    async stop() {
      stopped = true;
      await loop.stop();
      await Promise.all([...running.values()]);
    },
    drain: async () => (handlers ? runDueJobs(options.db, handlers, now()) : { done: 0, retrying: 0, failed: 0 }),
    runNow: (name) => {
      if (periodic[name]) void start(name, now());
    },
    async drainRounds() {
      const names = await claimRounds();
      await Promise.all(names.map((n) => running.get(n)));
      return names;
    },
  };
}
