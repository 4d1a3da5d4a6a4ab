// Ingest throughput on real Postgres, against pgbench's single-row inserts on the same
// server as the ceiling, in three interleaved rounds (the median ratio is reported), with
// the shared rate limit on as in production:
//   1. POST /api/v1/contact: wrk, 32 connections, fixed duration, each request a new lead
//      (no Idempotency-Key, so every request inserts), after a short warm-up.
//   2. POST /api/v1/sync: batches of 100 new leads with fresh keys, leads per second; every
//      item's own status is checked (201 expected).
//   3. pgbench: one INSERT per transaction into a copy of contact_messages (its columns,
//      constraints and indexes; not its triggers), 32 clients, same duration.
//   4. The same single POSTs with the rate limit off (its cost), and through HAProxy to
//      one and to two instances on the same cores.
// Prints the figures and the ratios API/pgbench. Traffic goes to 127.0.0.1 only.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SYNC_BATCH_MAX, SYNC_PATH } from '../contract/api.ts';
import { LEAD_PATHS } from '../contract/lead-kinds.ts';
import { createPostgresDatabase } from '../api/testing/databases.ts';
import { HAPROXY, startHaproxy } from '../tests/support/haproxy.ts';
import { freePort, startServer } from '../tests/support/server.ts';
import { ensureWrk, luaString, runWrk } from './wrk.ts';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;

/** A contact lead as a Lua format string: `%s` is the run's tag, `%d` the lead's number. */
const LEAD_FORMAT = JSON.stringify({
  firstName: 'Bench',
  lastName: 'Lead%s%d',
  email: 'bench%s%d@example.in',
  phone: '9876543210',
  message: 'Please call me about the weekend batch.',
});

/** Every request a new lead: the run's tag and a counter keep them apart. */
function singleLeadScript(tag: string): string {
  return `
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local n = 0
function request()
  n = n + 1
  return wrk.format(nil, ${luaString(LEAD_PATHS.contact)}, nil, string.format(${luaString(LEAD_FORMAT)}, "${tag}", n, "${tag}", n))
end
`;
}

/** Batches of SYNC_BATCH_MAX new leads with fresh keys; counts items not answered 201. */
function batchScript(tag: string): string {
  const item = `{"key":"bench-%s-%d","path":${JSON.stringify(LEAD_PATHS.contact)},"body":${LEAD_FORMAT}}`;
  return `
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local n = 0
local threads = {}
not201 = 0
function setup(thread) table.insert(threads, thread) end
function request()
  local items = {}
  for i = 1, ${SYNC_BATCH_MAX} do
    n = n + 1
    items[i] = string.format(${luaString(item)}, "${tag}", n, "${tag}", n, "${tag}", n)
  end
  return wrk.format(nil, ${luaString(SYNC_PATH)}, nil, "[" .. table.concat(items, ",") .. "]")
end
function response(status, headers, body)
  if status == 200 then
    local _, created = string.gsub(body, '"status":201', '')
    not201 = not201 + (${SYNC_BATCH_MAX} - created)
  end
end
function done(summary, latency, requests)
  local total = 0
  for _, t in ipairs(threads) do total = total + t:get("not201") end
  io.write("ITEMS_NOT_201 " .. total .. "\\n")
end
`;
}

interface SingleRun {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

interface BatchRun {
  leadsPerSecond: number;
  errors: number;
  non2xx: number;
  itemsNot201: number;
}

export interface ApiRound {
  pgbenchTps: number;
  single: SingleRun;
  batch: BatchRun;
  singleRatio: number;
  batchRatio: number;
}

export interface ApiBenchResult {
  /** pgbench, single POSTs and batches, interleaved, ROUNDS times. */
  rounds: ApiRound[];
  median: { singleRatio: number; batchRatio: number; p99: number };
  /** pgbench once more after the rounds, on the other two tables (see PgbenchTable), tps. */
  pgbenchOther: { bare: number; real: number };
  /** The rate limit is on in the rounds (a limit no run reaches: it is checked, in Postgres, for every POST); this run has it off, for its cost. */
  limitOff: SingleRun;
  /** Single POSTs through HAProxy: to one instance, and to two on the same two cores. */
  balanced: { one: SingleRun; two: SingleRun } | undefined;
}

export const ROUNDS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function singleOf(run: ReturnType<typeof runWrk>): SingleRun {
  return { rps: run.rps, p50: run.p50, p99: run.p99, errors: run.errors, non2xx: run.non2xx, total: run.requests };
}

export async function benchApi(): Promise<ApiBenchResult> {
  ensureWrk();
  const database = await createPostgresDatabase(BASE_URL);
  const logDir = mkdtempSync(path.join(tmpdir(), 'bench-server-'));
  // The production path: the shared rate limit is checked for every POST (a limit far
  // above this flood from one address, so it refuses nothing and costs what it costs).
  const limited = { PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000' };
  const server = await startServer({ databaseUrl: database.url, env: limited, logFile: path.join(logDir, 'server.log') });
  const run = randomUUID().slice(0, 8);
  try {
    // Warm up connections and the JIT.
    runWrk({ url: server.url, connections: CONNECTIONS, seconds: 2, script: singleLeadScript('w') });
    // Interleaved: each round's ratio holds pgbench and the API to the same moment of the
    // machine (checkpoints, autovacuum and the neighbours move both), and the median of
    // the rounds is reported.
    const rounds: ApiRound[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      checkpoint(database.url);
      const pgbenchTps = runPgbench(database.url);
      checkpoint(database.url);
      const single = singleOf(
        runWrk({ url: server.url, connections: CONNECTIONS, seconds: SECONDS, script: singleLeadScript(`s${r}${run}`) }),
      );
      checkpoint(database.url);
      const batchRun = runWrk({ url: server.url, connections: 4, seconds: SECONDS, script: batchScript(`b${r}${run}`) });
      const itemsNot201 = batchRun.extra.ITEMS_NOT_201;
      if (itemsNot201 === undefined) throw new Error('the batch script did not report its item count');
      const batch = {
        leadsPerSecond: ((batchRun.requests - batchRun.non2xx) * SYNC_BATCH_MAX) / batchRun.seconds,
        errors: batchRun.errors,
        non2xx: batchRun.non2xx,
        itemsNot201,
      };
      rounds.push({ pgbenchTps, single, batch, singleRatio: single.rps / pgbenchTps, batchRatio: batch.leadsPerSecond / pgbenchTps });
    }
    await server.stop();

    checkpoint(database.url);
    const bare = runPgbench(database.url, 'bare');
    checkpoint(database.url);
    const real = runPgbench(database.url, 'real');

    // The rate limit's cost: the same flood with it off.
    const unlimited = await startServer({
      databaseUrl: database.url,
      env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '0' },
      logFile: path.join(logDir, 'unlimited.log'),
    });
    checkpoint(database.url);
    const limitOff = singleOf(
      runWrk({ url: unlimited.url, connections: CONNECTIONS, seconds: SECONDS, script: singleLeadScript(`u${run}`) }),
    );
    await unlimited.stop();

    return {
      rounds,
      median: {
        singleRatio: median(rounds.map((r) => r.singleRatio)),
        batchRatio: median(rounds.map((r) => r.batchRatio)),
        p99: median(rounds.map((r) => r.single.p99)),
      },
      pgbenchOther: { bare, real },
      limitOff,
      balanced: await benchBalanced(database.url, limited, logDir, run),
    };
  } finally {
    await server.stop();
    await database.drop();
  }
}

/**
 * One and two instances behind HAProxy, on this machine's same two cores: what a second
 * instance buys when it has no cores of its own (here: little or nothing, since the one
 * instance, Postgres, HAProxy and wrk already share them), and what the balancer's hop costs.
 */
async function benchBalanced(url: string, env: Record<string, string>, logDir: string, run: string): Promise<ApiBenchResult['balanced']> {
  if (!existsSync(HAPROXY)) {
    console.log(`(${HAPROXY} missing: the two-instance run is left out; apt-get install -y haproxy)`);
    return undefined;
  }
  const a = await startServer({ databaseUrl: url, env, logFile: path.join(logDir, 'a.log') });
  const b = await startServer({ databaseUrl: url, env, logFile: path.join(logDir, 'b.log') });
  try {
    const measure = async (ports: number[], tag: string) => {
      const lb = await startHaproxy(await freePort(), ports);
      try {
        runWrk({ url: lb.url, connections: CONNECTIONS, seconds: 2, script: singleLeadScript(`w${tag}`) });
        checkpoint(url);
        return singleOf(runWrk({ url: lb.url, connections: CONNECTIONS, seconds: SECONDS, script: singleLeadScript(`${tag}${run}`) }));
      } finally {
        await lb.stop();
      }
    };
    return { one: await measure([a.port], 'l1'), two: await measure([a.port, b.port], 'l2') };
  } finally {
    await a.stop();
    await b.stop();
  }
}

/**
 * Every measurement starts from a clean checkpoint, so none of them pays for the WAL the
 * one before it wrote.
 */
function checkpoint(url: string): void {
  execFileSync('psql', [...psqlArgs(url), '-q', '-d', new URL(url).pathname.slice(1), '-c', 'checkpoint']);
}

/**
 * The tables pgbench inserts into, in the bench's database (where the server has already
 * made contact_messages):
 *   - `copy`: contact_messages itself, copied with its columns, defaults, constraints and all
 *     eight of its indexes (the trigram search index among them), but not its triggers. This
 *     is the ceiling the ratios are held to: the same row and the same index work as a lead,
 *     one insert per transaction, minus the triggers (which the API's inserts still pay).
 *   - `bare`: the three-index table earlier figures were measured against, from before the
 *     console added its five indexes (reported once, so old and new figures can be compared).
 *   - `real`: contact_messages itself, triggers and all (the live-list NOTIFY and the status
 *     counts, one statement each per insert): what the lead's own insert costs one row at a
 *     time, without the API's group commit (reported once, for context).
 */
export type PgbenchTable = 'copy' | 'bare' | 'real';

function psqlArgs(url: string): string[] {
  const u = new URL(url);
  return ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
}

function prepareTable(url: string, table: PgbenchTable): string {
  const db = new URL(url).pathname.slice(1);
  const ddl = {
    copy: 'create table if not exists bench_copy (like contact_messages including all)',
    bare: `create table if not exists bench_bare (id uuid primary key default gen_random_uuid(), first_name text not null,
       last_name text not null, email text not null, phone text not null, message text not null,
       created_at timestamptz not null default now(), idempotency_key text unique, request_hash text);
     create index if not exists bench_bare_created_at_idx on bench_bare (created_at);`,
    real: undefined,
  }[table];
  if (ddl) execFileSync('psql', [...psqlArgs(url), '-q', '-d', db, '-c', ddl]);
  return { copy: 'bench_copy', bare: 'bench_bare', real: 'contact_messages' }[table];
}

export function runPgbench(url: string, table: PgbenchTable = 'copy'): number {
  const name = prepareTable(url, table);
  const dir = mkdtempSync(path.join(tmpdir(), 'pgbench-'));
  const script = path.join(dir, 'insert.sql');
  writeFileSync(
    script,
    `INSERT INTO ${name} (first_name, last_name, email, phone, message, idempotency_key) ` +
      "VALUES ('Bench', 'Lead', 'bench@example.in', '9876543210', 'Please call me about the weekend batch.', gen_random_uuid()::text);\n",
  );
  const db = new URL(url).pathname.slice(1);
  const out = execFileSync(
    'pgbench',
    [...psqlArgs(url), '-n', '-f', script, '-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS), db],
    { encoding: 'utf8' },
  );
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1];
  if (!tps) throw new Error(`could not read pgbench output:\n${out}`);
  return Number(tps);
}
