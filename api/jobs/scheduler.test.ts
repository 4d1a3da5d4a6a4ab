// The scheduler on PGlite and Postgres: a due job runs once however many runners race for it,
// a keyed job exists once, a failing job is retried with back-off and kept as failed with its
// error after its last attempt (never dropped), and a job not yet due waits.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { enqueueJob, retryDelayMs, retryJob, runDueJobs, type JobHandler } from './scheduler.ts';

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
});
