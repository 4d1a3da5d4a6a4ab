// Ingest throughput on real Postgres, against pgbench's single-row inserts on the same
// server as the ceiling:
//   1. POST /api/v1/contact: wrk, 32 connections, fixed duration, each request a new lead
//      (no Idempotency-Key, so every request inserts), after a short warm-up.
//   2. POST /api/v1/sync: batches of 100 new leads with fresh keys, leads per second; every
//      item's own status is checked (201 expected).
//   3. pgbench: one INSERT per transaction into a table shaped like contact_messages
//      (same unique idempotency_key index), 32 clients, same duration.
// Prints the figures and the ratios API/pgbench. Traffic goes to 127.0.0.1 only.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SYNC_BATCH_MAX, SYNC_PATH } from '../contract/api.ts';
import { LEAD_PATHS } from '../contract/lead-kinds.ts';
import { createPostgresDatabase } from '../api/testing/databases.ts';
import { startServer } from '../tests/support/server.ts';
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

export interface ApiBenchResult {
  single: { rps: number; p50: number; p99: number; errors: number; non2xx: number; total: number };
  batch: { leadsPerSecond: number; errors: number; non2xx: number; itemsNot201: number };
  /** The higher of two pgbench runs, one before and one after the API runs. */
  pgbenchTps: number;
  pgbenchRuns: number[];
}

export async function benchApi(): Promise<ApiBenchResult> {
  ensureWrk();
  const database = await createPostgresDatabase(BASE_URL);
  // Rate limiting protects production from floods; this is a measured flood on loopback.
  const server = await startServer({
    databaseUrl: database.url,
    env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '0' },
    logFile: path.join(mkdtempSync(path.join(tmpdir(), 'bench-server-')), 'server.log'),
  });
  try {
    // The ceiling is measured before and after the API (checkpoints and autovacuum move
    // it), and the higher figure is the one the API is held to.
    const pgbenchBefore = runPgbench(database.url);
    // Warm up connections and the JIT, then start the measurement from a clean checkpoint.
    runWrk({ url: server.url, connections: CONNECTIONS, seconds: 2, script: singleLeadScript('w') });
    checkpoint(database.url);
    const run = randomUUID().slice(0, 8);
    const single = runWrk({ url: server.url, connections: CONNECTIONS, seconds: SECONDS, script: singleLeadScript(`s${run}`) });

    checkpoint(database.url);
    const batch = runWrk({ url: server.url, connections: 4, seconds: SECONDS, script: batchScript(`b${run}`) });

    checkpoint(database.url);
    const pgbenchAfter = runPgbench(database.url);
    const itemsNot201 = batch.extra.ITEMS_NOT_201;
    if (itemsNot201 === undefined) throw new Error('the batch script did not report its item count');
    return {
      single: {
        rps: single.rps,
        p50: single.p50,
        p99: single.p99,
        errors: single.errors,
        non2xx: single.non2xx,
        total: single.requests,
      },
      batch: {
        leadsPerSecond: ((batch.requests - batch.non2xx) * SYNC_BATCH_MAX) / batch.seconds,
        errors: batch.errors,
        non2xx: batch.non2xx,
        itemsNot201,
      },
      pgbenchTps: Math.max(pgbenchBefore, pgbenchAfter),
      pgbenchRuns: [pgbenchBefore, pgbenchAfter],
    };
  } finally {
    await server.stop();
    await database.drop();
  }
}

/**
 * Every measurement starts from a clean checkpoint, so none of them pays for the WAL the
 * one before it wrote.
 */
function checkpoint(url: string): void {
  const u = new URL(url);
  execFileSync('psql', ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres'), '-q', '-d', u.pathname.slice(1), '-c', 'checkpoint']);
}

function runPgbench(url: string): number {
  const u = new URL(url);
  const dir = mkdtempSync(path.join(tmpdir(), 'pgbench-'));
  const script = path.join(dir, 'insert.sql');
  writeFileSync(
    script,
    'INSERT INTO bench_leads (first_name, last_name, email, phone, message, idempotency_key) ' +
      "VALUES ('Bench', 'Lead', 'bench@example.in', '9876543210', 'Please call me about the weekend batch.', gen_random_uuid()::text);\n",
  );
  const args = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  const db = u.pathname.slice(1);
  // Same shape and indexes as contact_messages, so both sides pay for the same index work.
  execFileSync('psql', [
    ...args,
    '-q',
    '-d',
    db,
    '-c',
    `create table if not exists bench_leads (id uuid primary key default gen_random_uuid(), first_name text not null,
       last_name text not null, email text not null, phone text not null, message text not null,
       created_at timestamptz not null default now(), idempotency_key text unique, request_hash text);
     create index if not exists bench_leads_created_at_idx on bench_leads (created_at);`,
  ]);
  const out = execFileSync('pgbench', [...args, '-n', '-f', script, '-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS), db], {
    encoding: 'utf8',
  });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1];
  if (!tps) throw new Error(`could not read pgbench output:\n${out}`);
  return Number(tps);
}
