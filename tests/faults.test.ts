// What production does to the server, against the built server on real Postgres: its
// database connections killed again and again under load, Postgres gone for seconds.
// The process must live through it, answer 503 (which the outbox retries) while the
// database is away, recover without a restart, and store every acknowledged submission
// exactly once.
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEAD_PATHS } from '../contract/lead-kinds.ts';
import { DELIVERY_TIMEOUT_MS } from '../pwa/lib/outbox/backoff.ts';
import { createPostgresDatabase } from '../api/testing/databases.ts';
import { parsePrometheus } from '../api/testing/prometheus.ts';
import { describeAttempts, driveLoad, percentile, statusCounts, type LoadReport } from './support/load.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

const baseUrl = process.env.TEST_DATABASE_URL;
/**
 * The load generator stands in for hundreds of phones from one address; the per-address
 * connection ceiling (tested on its own in http-limits.test.ts) would turn it away.
 */
const SERVER_ENV = { PUBLIC_RATE_LIMIT_PER_MINUTE: '0', MAX_CONNECTIONS_PER_ADDRESS: '0' };
/** How long the terminations and the 200 POSTs a second last (ms). */
const LOAD_MS = 20_000;
/** The test's own connection, spared by the killer. */
const OBSERVER = 'fault-test-observer';

/** Three kinds of lead, so several group-commit queues are in flight when a connection dies. */
function lead(i: number): { path: string; body: unknown } {
  switch (i % 3) {
    case 0:
      return {
        path: LEAD_PATHS.contact,
        body: { firstName: `Fault${i}`, lastName: 'Test', email: `c${i}@example.in`, phone: '9876543210', message: `Message ${i}` },
      };
    case 1:
      return { path: LEAD_PATHS.freeJoin, body: { name: `Fault ${i}`, phone: '9123456780', email: `f${i}@example.in` } };
    default:
      return {
        path: LEAD_PATHS.enquiry,
        body: { background: 'College Student', course: 'Soft Skills', name: `Fault ${i}`, email: `e${i}@example.in`, phone: '9988776655' },
      };
  }
}

async function storedKeys(db: pg.Client): Promise<string[]> {
  const r = await db.query<{ k: string }>(
    'select idempotency_key as k from contact_messages union all select idempotency_key from free_join_users union all select idempotency_key from enquiries',
  );
  return r.rows.map((row) => row.k);
}

/** Every submission acknowledged (201), and the database holds exactly those, once each. */
async function expectExactlyOnce(report: LoadReport, db: pg.Client): Promise<void> {
  const statuses = [...report.final.values()].map((f) => f.status);
  // When some never got one, what each last heard (a 409 left in flight, a 503, no answer) says why.
  const unanswered = report.submitted.filter((s) => !report.final.has(s.key)).map((s) => s.key);
  const lastHeard = unanswered.map((key) => report.attempts.filter((a) => a.key === key).at(-1));
  expect(report.final.size, `submissions with a final answer; the others last heard ${JSON.stringify(lastHeard.slice(0, 10))}`).toBe(
    report.submitted.length,
  );
  expect(new Set(statuses)).toEqual(new Set([201]));
  const keys = await storedKeys(db);
  expect(keys.length, 'rows').toBe(report.submitted.length);
  expect(new Set(keys)).toEqual(new Set(report.submitted.map((s) => s.key)));
}

async function waitHealthy(server: RunningServer, timeoutMs = 15_000): Promise<void> {
  await expect
    .poll(async () => (await fetch(`${server.url}/api/health`).catch(() => undefined))?.status, { timeout: timeoutMs, interval: 100 })
    .toBe(200);
}

describe.runIf(baseUrl)('database faults under load (Postgres)', () => {
  let database: { url: string; drop(): Promise<void> };
  let server: RunningServer | undefined;
  let db: pg.Client;
  let proxy: TcpProxy | undefined;

  // A database of its own per test, and the server stopped after each, pass or fail: a
  // server left running by a failed test finishes its queued requests into the next test's
  // tables (a CI run once counted 2011 rows for 2000 submissions that way).
  beforeEach(async () => {
    database = await createPostgresDatabase(baseUrl!);
    db = new pg.Client({ connectionString: database.url, application_name: OBSERVER });
    await db.connect();
  });
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await proxy?.close();
    proxy = undefined;
    await db?.end();
    await database?.drop();
  });

  it('lives through its connections being terminated again and again at 200 POSTs/s for 20 s', { timeout: 120_000 }, async () => {
    server = await startServer({ databaseUrl: database.url, env: { ...SERVER_ENV, METRICS_PORT: '0' } });
    await db.query('truncate contact_messages, free_join_users, enquiries cascade');
    const killer = new pg.Client({ connectionString: baseUrl });
    await killer.connect();
    const dbName = new URL(database.url).pathname.slice(1);
    let kills = 0;
    let killing = true;
    // The fault lasts as long as the load, 20 s; the submissions still unanswered then are
    // retried by their outboxes until they land (driveLoad's settle). Killed through the
    // settle as well, on a slow day the phones' retries, sent every 200 ms where a real
    // outbox honours Retry-After, kept most writes in flight at each kill and the last
    // submissions were still being refused when the deadline came.
    const faultEnds = Date.now() + LOAD_MS;
    const killLoop = (async () => {
      while (killing && Date.now() < faultEnds) {
        const r = await killer.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and application_name <> $2',
          [dbName, OBSERVER],
        );
        kills += r.rowCount ?? 0;
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    })();
    let report: LoadReport;
    try {
      // An attempt counts as unanswered past the outbox's own wait (20 s), not a stricter one.
      report = await driveLoad({ baseUrl: server.url, perSecond: 200, durationMs: LOAD_MS, make: lead, timeoutMs: DELIVERY_TIMEOUT_MS });
    } finally {
      killing = false;
      await killLoop;
      await killer.end();
    }

    const output = server.output();
    // FAULT_DEBUG=1 keeps the server's log (every request, every lost connection) for reading afterwards.
    if (process.env.FAULT_DEBUG) (await import('node:fs')).writeFileSync(`${(await import('node:os')).tmpdir()}/fault-server.log`, output);
    expect(server.process.exitCode, output.slice(-2000)).toBeNull();
    expect(output).not.toMatch(/Unhandled 'error' event|uncaught/i);
    expect(kills, 'backends terminated').toBeGreaterThan(50);
    await waitHealthy(server);
    // The killing reached writes in flight: each was tried again on another connection (or,
    // past its tries, answered 503). Most are saved by the retry, so a 503 alone proves
    // nothing either way: on a fast day none is sent.
    const retried = parsePrometheus(await (await fetch(server.metricsUrl!)).text()).get('db_lost_connection_retries_total') ?? 0;
    // Only answers a phone's outbox retries, never a 500.
    const counts = statusCounts(report.attempts);
    if (process.env.FAULT_DEBUG) console.log('terminations', kills, 'retried', retried, counts);
    expect(retried, 'writes whose connection was terminated under them, tried again').toBeGreaterThan(0);
    expect(
      Object.keys(counts)
        .map(Number)
        .filter((s) => ![201, 409, 503].includes(s)),
      describeAttempts(report.attempts),
    ).toEqual([]);
    await expectExactlyOnce(report, db);
    expect(await server.stop()).toBe(0);
    server = undefined;
  });

  it(
    'answers 503 at once while Postgres is gone for 3 s at 200 POSTs/s, and recovers without a restart',
    { timeout: 120_000 },
    async () => {
      proxy = await startTcpProxy('127.0.0.1', Number(new URL(baseUrl!).port || 5432));
      const viaProxy = new URL(database.url);
      viaProxy.port = String(proxy.port);
      server = await startServer({ databaseUrl: viaProxy.toString(), env: SERVER_ENV });
      await db.query('truncate contact_messages, free_join_users, enquiries cascade');

      const outage = { from: 0, to: 0 };
      const fault = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        outage.from = Date.now();
        await proxy!.down();
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        await proxy!.up();
        outage.to = Date.now();
      })();
      const report = await driveLoad({ baseUrl: server.url, perSecond: 200, durationMs: 10_000, make: lead });
      await fault;

      expect(server.process.exitCode, server.output().slice(-2000)).toBeNull();
      await waitHealthy(server);
      const during = report.attempts.filter((a) => a.at >= outage.from + 200 && a.at + a.ms <= outage.to);
      expect(during.length, 'attempts while Postgres was away').toBeGreaterThan(200);
      const counts = statusCounts(during);
      if (process.env.FAULT_DEBUG) {
        const ms = during.map((a) => a.ms);
        console.log('outage', during.length, counts, 'p50', percentile(ms, 50), 'p90', percentile(ms, 90), 'p99', percentile(ms, 99));
        const srv = server
          .output()
          .split('\n')
          .filter((l) => l.includes('"status":503'))
          .map((l) => JSON.parse(l).ms as number);
        console.log('server 503s', srv.length, 'p50', percentile(srv, 50), 'p99', percentile(srv, 99), 'max', Math.max(...srv));
      }
      // Every one of them answered, retryable, and fast: a phone moves on instead of hanging.
      expect(
        Object.keys(counts)
          .map(Number)
          .filter((s) => s !== 503),
        describeAttempts(during),
      ).toEqual([]);
      expect(
        percentile(
          during.map((a) => a.ms),
          99,
        ),
        'p99 ms of answers during the outage',
        // A request that waited on the database would take the pool's 5 s connect timeout
        // or more. The load is the outage's retry storm (each submission again every 200 ms:
        // about 1,600 attempts/s), so the tail is the machine's. Measured on 28 Nov: p99
        // 17-84 ms alone; with eight busy processes beside it 366-527 ms, where it was
        // 1.67-1.99 s (a CI run: 1.87 s) before submissions were answered ahead of their work.
      ).toBeLessThan(1_500);
      const all = statusCounts(report.attempts);
      expect(
        Object.keys(all)
          .map(Number)
          .filter((s) => ![201, 409, 503].includes(s)),
        describeAttempts(report.attempts),
      ).toEqual([]);
      await expectExactlyOnce(report, db);
      expect(await server.stop()).toBe(0);
      server = undefined;
    },
  );
});
