// Ingest throughput on real Postgres, against pgbench's single-row inserts on the same
// server as the ceiling:
//   1. POST /api/v1/contact: autocannon, 32 connections, fixed duration, each request a
//      new lead (no Idempotency-Key, so every request inserts).
//   2. POST /api/v1/sync: batches of 100 new leads with fresh keys, leads per second.
//   3. pgbench: one INSERT per transaction into a table shaped like contact_messages
//      (same unique idempotency_key index), 32 clients, same duration.
// Prints the figures and the ratios API/pgbench. Traffic goes to 127.0.0.1 only.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { LEAD_PATHS, SYNC_PATH } from '../contract/api.ts';
import { createPostgresDatabase } from '../api/testing/databases.ts';
import { startServer } from '../tests/support/server.ts';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;

const lead = (i: number) => ({
  firstName: 'Bench',
  lastName: `Lead${i}`,
  email: `bench${i}@example.in`,
  phone: '9876543210',
  message: 'Please call me about the weekend batch.',
});

export interface ApiBenchResult {
  single: { rps: number; p50: number; p99: number; errors: number; non2xx: number; total: number };
  batch: { leadsPerSecond: number; errors: number; non2xx: number; itemsNot201: number };
  /** The higher of two pgbench runs, one before and one after the API runs. */
  pgbenchTps: number;
  pgbenchRuns: number[];
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export async function benchApi(): Promise<ApiBenchResult> {
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
    checkpoint(database.url);
    // Warm up connections and JIT.
    await run({ url: server.url + LEAD_PATHS.contact, connections: 8, amount: 500, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(lead(0)) });

    let n = 0;
    const single = await run({
      url: server.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: LEAD_PATHS.contact,
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({ ...req, body: JSON.stringify(lead(++n)) }),
        },
      ],
    });

    checkpoint(database.url);
    let itemsNot201 = 0;
    const batch = await run({
      url: server.url,
      connections: 4,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: SYNC_PATH,
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify(Array.from({ length: 100 }, () => ({ key: randomUUID(), path: LEAD_PATHS.contact, body: lead(++n) }))),
          }),
          onResponse: (status, body) => {
            if (status !== 200) return;
            const { results } = JSON.parse(body) as { results: Array<{ status: number }> };
            itemsNot201 += results.filter((r) => r.status !== 201).length;
          },
        },
      ],
    });

    checkpoint(database.url);
    const pgbenchAfter = runPgbench(database.url);
    return {
      single: {
        rps: single.requests.average,
        p50: single.latency.p50,
        p99: single.latency.p99,
        errors: single.errors + single.timeouts,
        non2xx: single.non2xx,
        total: single.requests.total,
      },
      batch: {
        leadsPerSecond: (batch['2xx'] * 100) / (batch.duration || SECONDS),
        errors: batch.errors + batch.timeouts,
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
