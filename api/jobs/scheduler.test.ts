// The scheduler on PGlite and Postgres: a due job runs once however many runners race for it,
// a keyed job exists once, a failing job is retried with back-off and kept as failed with its
// error after its last attempt (never dropped), and a job not yet due waits. Jobs are claimed
// in batches (one transaction each, a savepoint per job: one failure rolls back only itself; a
// kind with a batch handler runs its jobs together, and one at a time if that fails);
// a periodic round runs once a period across instances and keeps its schedule over a restart.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import {
  claimDueRounds,
  enqueueJob,
  JOB_BATCH,
  registerPeriodic,
  retryDelayMs,
  retryJob,
  runDueJobs,
  startScheduler,
  type JobHandler,
  type Periodic,
} from './scheduler.ts';

describe.each(testBackends())('the scheduler on $name', (backend) => {
  let database: TestDatabase;
  let other: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await backend.create();
    if (database.url) other = await openDatabase({ databaseUrl: database.url, dataDir: '' });
  });
  afterAll(async () => {
    await other?.close();
    await database?.dispose();
  });

  it('runs each due job once across racing runners, and a keyed job exists once', async () => {
    const ran: string[] = [];
    // Each run writes a row in the job's own transaction: a double run would show twice.
    const handlers: Record<string, JobHandler> = {
      count: async (trx, job) => {
        ran.push(String(job.payload.n));
        await sql`insert into lead_tags (list, lead_id, tag) values ('contact', gen_random_uuid(), ${`n${String(job.payload.n)}`})`.execute(
          trx,
        );
      },
    };
    for (let n = 0; n < 100; n += 1) expect(await enqueueJob(database.db, { kind: 'count', key: `count:${n}`, payload: { n } })).toBe(true);
    expect(await enqueueJob(database.db, { kind: 'count', key: 'count:7', payload: { n: 7 } })).toBe(false);
    const now = new Date(Date.now() + 1000);
    const second = other?.db ?? database.db;
    const rounds = await Promise.all([
      runDueJobs(database.db, handlers, now),
      runDueJobs(second, handlers, now),
      runDueJobs(database.db, handlers, now),
    ]);
    expect(rounds.reduce((s, r) => s + r.done, 0)).toBe(100);
    expect(new Set(ran).size).toBe(100);
    expect(ran).toHaveLength(100);
    const rows = await sql<{ n: number }>`select count(*)::int as n from lead_tags where tag like 'n%'`.execute(database.db);
    expect(rows.rows[0]?.n).toBe(100);
  });

  it('retries a failing job with back-off, keeps it as failed after its last attempt, and retries it by hand', async () => {
    // Only this test's job: the migrations queue work of their own (the first scoring sweep).
    await database.db.deleteFrom('jobs').execute();
    let fail = true;
    const handlers: Record<string, JobHandler> = {
      flaky: async (trx) => {
        await sql`insert into lead_tags (list, lead_id, tag) values ('contact', gen_random_uuid(), 'flaky')`.execute(trx);
        if (fail) throw new Error('the gateway said no');
      },
    };
    await enqueueJob(database.db, { kind: 'flaky', key: 'flaky', maxAttempts: 3 });
    let at = Date.now() + 1000;
    expect(await runDueJobs(database.db, handlers, new Date(at))).toEqual({ done: 0, retrying: 1, failed: 0 });
    // Not due again before its back-off.
    expect(await runDueJobs(database.db, handlers, new Date(at + retryDelayMs(1) - 10))).toEqual({ done: 0, retrying: 0, failed: 0 });
    at += retryDelayMs(1);
    expect(await runDueJobs(database.db, handlers, new Date(at))).toEqual({ done: 0, retrying: 1, failed: 0 });
    at += retryDelayMs(2);
    expect(await runDueJobs(database.db, handlers, new Date(at))).toEqual({ done: 0, retrying: 0, failed: 1 });
    const job = await database.db.selectFrom('jobs').selectAll().where('key', '=', 'flaky').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'failed', attempts: 3, last_error: 'the gateway said no' });
    // Its failed attempts changed nothing (rolled back to the savepoint).
    const tagged = await sql<{ n: number }>`select count(*)::int as n from lead_tags where tag = 'flaky'`.execute(database.db);
    expect(tagged.rows[0]?.n).toBe(0);
    fail = false;
    expect(await retryJob(database.db, job.id, new Date(at))).toBe(true);
    expect(await runDueJobs(database.db, handlers, new Date(at))).toEqual({ done: 1, retrying: 0, failed: 0 });
    expect(retryDelayMs(30)).toBe(3_600_000);
  });

  it('leaves a job that is not due, and fails a job nobody handles visibly', async () => {
    await enqueueJob(database.db, { kind: 'later', runAt: new Date(Date.now() + 3_600_000) });
    await enqueueJob(database.db, { kind: 'unknown-kind', maxAttempts: 1 });
    expect(await runDueJobs(database.db, {}, new Date(Date.now() + 1000))).toEqual({ done: 0, retrying: 0, failed: 1 });
    const failed = await database.db
      .selectFrom('jobs')
      .select(['kind', 'last_error'])
      .where('state', '=', 'failed')
      .where('kind', '=', 'unknown-kind')
      .execute();
    expect(failed).toEqual([{ kind: 'unknown-kind', last_error: 'no handler for jobs of kind "unknown-kind"' }]);
  });
  it('claims due jobs in batches: one transaction per batch of JOB_BATCH', async () => {
    const txOf: string[] = [];
    const handlers: Record<string, JobHandler> = {
      batched: async (trx) => {
        const tx = await sql<{ tx: string }>`select txid_current()::text as tx`.execute(trx);
        txOf.push(tx.rows[0]!.tx);
      },
    };
    const total = JOB_BATCH * 2 + 50;
    await database.db
      .insertInto('jobs')
      .values(Array.from({ length: total }, () => ({ kind: 'batched' })))
      .execute();
    expect(await runDueJobs(database.db, handlers, new Date(Date.now() + 1000))).toEqual({ done: total, retrying: 0, failed: 0 });
    expect(txOf).toHaveLength(total);
    const sizes = [...new Set(txOf)].map((tx) => txOf.filter((t) => t === tx).length);
    expect(sizes).toEqual([JOB_BATCH, JOB_BATCH, 50]);
  });

  it('rolls back only the failing job of a batch: the others commit their effects and are done', async () => {
    const handlers: Record<string, JobHandler> = {
      tagged: async (trx, job) => {
        const n = Number(job.payload.n);
        await sql`insert into lead_tags (list, lead_id, tag) values ('contact', gen_random_uuid(), ${`batch${n}`})`.execute(trx);
        // A statement error aborts the transaction unless its savepoint is rolled back.
        if (n === 4) await sql`select 1 / 0`.execute(trx);
        if (n === 7) throw new Error('seven is unlucky');
      },
    };
    for (let n = 0; n < 10; n += 1) await enqueueJob(database.db, { kind: 'tagged', key: `tagged:${n}`, payload: { n }, maxAttempts: 1 });
    expect(await runDueJobs(database.db, handlers, new Date(Date.now() + 1000))).toEqual({ done: 8, retrying: 0, failed: 2 });
    const tags = await sql<{ tag: string }>`select tag from lead_tags where tag like 'batch%' order by tag`.execute(database.db);
    expect(tags.rows.map((r) => r.tag)).toEqual(['batch0', 'batch1', 'batch2', 'batch3', 'batch5', 'batch6', 'batch8', 'batch9']);
    const failed = await database.db
      .selectFrom('jobs')
      .select(['key', 'last_error'])
      .where('kind', '=', 'tagged')
      .where('state', '=', 'failed')
      .orderBy('key')
      .execute();
    expect(failed.map((f) => f.key)).toEqual(['tagged:4', 'tagged:7']);
    expect(failed[0]?.last_error).toMatch(/division by zero/);
    expect(failed[1]?.last_error).toBe('seven is unlucky');
  });

  it('gives a kind with a batch handler its claimed jobs together; when the batch throws, each runs alone and only the failing one fails', async () => {
    const calls: number[][] = [];
    const tagAll = async (trx: Parameters<JobHandler>[0], ns: number[]) => {
      calls.push(ns);
      await sql`insert into lead_tags (list, lead_id, tag) select 'contact', gen_random_uuid(), 'together' || n from unnest(${ns}::int[]) as n`.execute(
        trx,
      );
      if (ns.includes(13)) throw new Error('thirteen is unlucky');
    };
    const together: JobHandler = Object.assign(
      async (trx: Parameters<JobHandler>[0], job: Parameters<JobHandler>[1]) => tagAll(trx, [Number(job.payload.n)]),
      {
        batch: (trx: Parameters<JobHandler>[0], jobs: Array<Parameters<JobHandler>[1]>) =>
          tagAll(
            trx,
            jobs.map((j) => Number(j.payload.n)),
          ),
      },
    );
    const handlers = { together };
    const enqueue = async (ns: number[]) => {
      for (const n of ns) await enqueueJob(database.db, { kind: 'together', key: `together:${n}`, payload: { n }, maxAttempts: 1 });
    };
    await enqueue([1, 2, 3]);
    expect(await runDueJobs(database.db, handlers, new Date(Date.now() + 1000))).toEqual({ done: 3, retrying: 0, failed: 0 });
    expect(calls).toEqual([[1, 2, 3]]);
    calls.length = 0;
    await enqueue([11, 12, 13]);
    expect(await runDueJobs(database.db, handlers, new Date(Date.now() + 1000))).toEqual({ done: 2, retrying: 0, failed: 1 });
    // The batch, rolled back; then each job alone.
    expect(calls).toEqual([[11, 12, 13], [11], [12], [13]]);
    const tags = await sql<{ tag: string }>`select tag from lead_tags where tag like 'together%' order by tag`.execute(database.db);
    expect(tags.rows.map((r) => r.tag)).toEqual(['together1', 'together11', 'together12', 'together2', 'together3']);
    const failed = await database.db
      .selectFrom('jobs')
      .select(['key', 'last_error'])
      .where('kind', '=', 'together')
      .where('state', '=', 'failed')
      .execute();
    expect(failed).toEqual([{ key: 'together:13', last_error: 'thirteen is unlucky' }]);
  });

  it('runs a periodic round once a period across two instances, and keeps its schedule over a restart', async () => {
    const second = other?.db ?? database.db;
    const t0 = new Date(Date.now() + 60_000);
    await registerPeriodic(database.db, { tick: { everyMs: 10_000, run: async () => false } }, t0);
    // Both instances ask at once, ten times over the same period: one claim.
    const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => claimDueRounds(i % 2 ? second : database.db, ['tick'], t0)));
    expect(claims.flat()).toEqual(['tick']);
    expect(await claimDueRounds(database.db, ['tick'], new Date(t0.getTime() + 9_999))).toEqual([]);
    // A restart registers the round again: its next time stays.
    await registerPeriodic(second, { tick: { everyMs: 10_000, run: async () => false } }, new Date(t0.getTime() + 5_000));
    expect(await claimDueRounds(second, ['tick'], new Date(t0.getTime() + 9_999))).toEqual([]);
    expect(await claimDueRounds(second, ['tick'], new Date(t0.getTime() + 10_000))).toEqual(['tick']);
  });

  it('drives periodic rounds from two schedulers with a fake clock: each period runs once, a full round again at once', async () => {
    let now = new Date(Date.now() + 3_600_000);
    const runs: Array<{ who: number; at: number }> = [];
    let more = 2;
    const roundsOf = (who: number): Record<string, Periodic> => ({
      sweep: {
        everyMs: 60_000,
        run: async (at) => {
          runs.push({ who, at: at.getTime() });
          if (more > 0) {
            more -= 1;
            return true;
          }
          return false;
        },
      },
    });
    const log = () => undefined;
    const schedulers = [database.db, other?.db ?? database.db].map((db, who) =>
      startScheduler({ db, periodic: roundsOf(who), pollMs: 3_600_000, log, clock: () => now }),
    );
    try {
      const first = await Promise.all(schedulers.map((s) => s.drainRounds()));
      expect(first.flat()).toEqual(['sweep']);
      // The first period's round went on twice more at once (it said more was due), on the same instance.
      expect(runs).toHaveLength(3);
      expect(new Set(runs.map((r) => r.who)).size).toBe(1);
      now = new Date(now.getTime() + 30_000);
      expect((await Promise.all(schedulers.map((s) => s.drainRounds()))).flat()).toEqual([]);
      now = new Date(now.getTime() + 30_000);
      expect((await Promise.all(schedulers.map((s) => s.drainRounds()))).flat()).toEqual(['sweep']);
      expect(runs).toHaveLength(4);
      expect(runs[3]?.at).toBe(now.getTime());
    } finally {
      await Promise.all(schedulers.map((s) => s.stop()));
    }
  });
});
