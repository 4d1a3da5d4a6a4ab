// What rules cost a lead POST: the same flood of new contact leads (wrk, 32 connections: as
// many a second as the machine sustains) on one server on Postgres, with no rules and then
// with five enabled lead.created rules that match every lead (tag, notify the admins, an
// email to the lead), in interleaved rounds (off, on, off, on) so the machine's mood falls on
// both alike. A rule is evaluated by the scheduler after the lead's answer, so the POST pays
// only its trigger's job row; the figures say whether that holds (target: p99 with rules at
// most 2 ms above without). Also whether the scheduler kept up: the jobs due when each round
// ended, and how long it took to catch up with the on-rounds' firings.
//
// And the scheduler alone: the same cheap jobs run one per transaction (as it claimed them
// before) and in batches of JOB_BATCH, interleaved, in jobs a second.
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../api/db/database.ts';
import { migrateToLatest } from '../api/db/migrate.ts';
import { JOB_BATCH, runDueJobs, type JobHandler } from '../api/jobs/scheduler.ts';
import { createPostgresDatabase } from '../api/testing/databases.ts';
import { startServer } from '../tests/support/server.ts';
import { LEAD_PATHS } from '../contract/lead-kinds.ts';
import { luaString, runWrk, type WrkResult } from './wrk.ts';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RULES = 5;
/** Longest wait for the scheduler to catch up between rounds. */
const CATCH_UP_CAP = Number(process.env.BENCH_CATCH_UP_SECONDS ?? 120);

function script(tag: string): string {
  const body = JSON.stringify({
    firstName: 'Bench',
    lastName: 'Lead',
    email: 'rules%s%d@example.in',
    phone: '9876543210',
    message: 'Please call me.',
    consent: { version: '2026-11-23', at: '2026-11-27T06:00:00.000Z', marketing: false },
  });
  return `
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local n = 0
function request()
  n = n + 1
  return wrk.format(nil, ${luaString(LEAD_PATHS.contact)}, nil, string.format(${luaString(body)}, "${tag}", n))
end
`;
}

export interface RulesBench {
  off: WrkResult[];
  on: WrkResult[];
  /** Jobs due the moment each round's flood ended (0: the scheduler kept up), by round. */
  dueAtEnd: { off: number[]; on: number[] };
  /** The load average (1 min) when each round ended, by round. */
  load: { off: number[]; on: number[] };
  /** Seconds from the last on-round's end until no rule job was waiting (capped), and what was left then. */
  catchUpSeconds: number;
  leftAfter: number;
  firings: number;
  /** Rule and event jobs done a second while catching up after each on-round (the scheduler's pace under the flood's backlog). */
  catchUpJobsPerSecond: number[];
}

async function setRules(client: pg.Client, on: boolean): Promise<void> {
  await client.query('delete from rules');
  if (!on) return;
  for (let i = 0; i < RULES; i += 1) {
    const actions = [
      { type: 'tag', tag: `bench-${i}` },
      { type: 'notify', to: 'admins' },
      ...(i === 0 ? [{ type: 'email', to: 'lead', subject: 'Welcome {firstName}', body: 'Hello {name}' }] : []),
    ];
    await client.query(`insert into rules (name, event, conditions, actions, position) values ($1, 'lead.created', $2, $3, $4)`, [
      `Bench ${i}`,
      JSON.stringify([{ field: 'list', op: 'equals', value: 'contact' }]),
      JSON.stringify(actions),
      i,
    ]);
  }
}

/** Due jobs left (escalations aside, which are due later). */
async function backlog(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `select count(*) as n from jobs where state = 'waiting' and run_at <= now() and kind <> 'escalate'`,
  );
  return Number(rows[0]!.n);
}

/** Rule and event jobs done so far (escalations aside). */
async function jobsDone(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`select count(*) as n from jobs where state = 'done' and kind <> 'escalate'`);
  return Number(rows[0]!.n);
}

/** Waits until no job is due, at most `capSeconds`; resolves the seconds waited. */
async function waitForJobs(client: pg.Client, capSeconds: number): Promise<number> {
  const start = Date.now();
  while ((await backlog(client)) > 0 && Date.now() - start < capSeconds * 1000) await new Promise((r) => setTimeout(r, 250));
  return (Date.now() - start) / 1000;
}

export async function benchRules(): Promise<RulesBench> {
  const database = await createPostgresDatabase(BASE_URL);
  const logDir = mkdtempSync(path.join(tmpdir(), 'bench-rules-'));
  const server = await startServer({
    databaseUrl: database.url,
    env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '0' },
    logFile: path.join(logDir, 'server.log'),
  });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const result: RulesBench = {
    off: [],
    on: [],
    dueAtEnd: { off: [], on: [] },
    load: { off: [], on: [] },
    catchUpSeconds: 0,
    leftAfter: 0,
    firings: 0,
    catchUpJobsPerSecond: [],
  };
  try {
    runWrk({ url: server.url, connections: 32, seconds: 2, script: script('warm') });
    // Each round starts with no job due (an on-round's firings are caught up first, or the
    // next off-round would pay for them).
    for (const [round, on] of [false, true, false, true].entries()) {
      await setRules(client, on);
      await waitForJobs(client, CATCH_UP_CAP);
      const run = runWrk({ url: server.url, connections: 32, seconds: SECONDS, script: script(`r${round}`) });
      (on ? result.on : result.off).push(run);
      result.dueAtEnd[on ? 'on' : 'off'].push(await backlog(client));
      result.load[on ? 'on' : 'off'].push(loadavg()[0]!);
      if (on) {
        const before = await jobsDone(client);
        const waited = await waitForJobs(client, CATCH_UP_CAP);
        result.catchUpJobsPerSecond.push(((await jobsDone(client)) - before) / waited);
        result.catchUpSeconds = Math.max(result.catchUpSeconds, waited);
        result.leftAfter = await backlog(client);
      }
    }
    const { rows } = await client.query<{ n: string }>('select count(*) as n from rule_firings');
    result.firings = Number(rows[0]!.n);
  } finally {
    await client.end();
    await server.stop();
    await database.drop().catch(() => undefined);
  }
  return result;
}

export interface SchedulerThroughput {
  /** Jobs a second, one job per transaction (the claim before batches), by round. */
  single: number[];
  /** Jobs a second, JOB_BATCH per transaction, by round. */
  batched: number[];
  jobs: number;
  load: number;
}

/**
 * The scheduler's own pace on Postgres: JOBS cheap jobs (each one insert, as a rule's tag
 * is) run by one runner, one per transaction and then in batches, twice each, interleaved.
 */
export async function benchSchedulerThroughput(jobs = Number(process.env.BENCH_SCHEDULER_JOBS ?? 5_000)): Promise<SchedulerThroughput> {
  const database = await createPostgresDatabase(BASE_URL);
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: '' });
  const result: SchedulerThroughput = { single: [], batched: [], jobs, load: 0 };
  try {
    await migrateToLatest(handle.db);
    const handlers: Record<string, JobHandler> = {
      tag: async (trx) => {
        await sql`insert into lead_tags (list, lead_id, tag) values ('contact', gen_random_uuid(), 'bench')`.execute(trx);
      },
    };
    for (const batch of [1, JOB_BATCH, 1, JOB_BATCH]) {
      await sql`insert into jobs (kind) select 'tag' from generate_series(1, ${jobs})`.execute(handle.db);
      const start = performance.now();
      const ran = await runDueJobs(handle.db, handlers, new Date(Date.now() + 1000), jobs, batch);
      const perSecond = ran.done / ((performance.now() - start) / 1000);
      (batch === 1 ? result.single : result.batched).push(perSecond);
    }
    result.load = loadavg()[0]!;
  } finally {
    await handle.close();
    await database.drop().catch(() => undefined);
  }
  return result;
}
