// A classroom relay reconnecting: 1,000 submissions queued on the relay while the upstream
// was away (as a hall of phones leaves them), then the upstream starts; seconds from the
// upstream answering its health check to all 1,000 stored there (Postgres on loopback,
// the relay on its embedded database, both the built server). Target: at most 30 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SYNC_PATH } from '../contract/api.ts';
import { LEAD_PATHS } from '../contract/lead-kinds.ts';
import { RELAY_PATHS } from '../contract/relay.ts';
import { createPostgresDatabase } from '../api/testing/databases.ts';
import { adminEnv, apiCall, apiLogin, TEST_ADMIN } from '../tests/support/console.ts';
import { freePort, startServer } from '../tests/support/server.ts';

export const RELAY_TARGET_MS = 30_000;

export async function benchRelayForwarding(count = 1000): Promise<{ count: number; ms: number }> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createPostgresDatabase(base);
  const relayData = mkdtempSync(path.join(tmpdir(), 'bench-relay-'));
  const upstreamPort = await freePort();
  const upstreamOptions = { databaseUrl: database.url, port: upstreamPort, env: { ...adminEnv(), PUBLIC_RATE_LIMIT_PER_MINUTE: '0' } };
  let upstream = await startServer(upstreamOptions);
  const made = await apiCall(upstream, await apiLogin(upstream, TEST_ADMIN), 'POST', RELAY_PATHS.keys, { name: 'Bench laptop' });
  await upstream.stop();
  const relay = await startServer({
    postgres: false,
    env: {
      DATA_DIR: relayData,
      RELAY_UPSTREAM_URL: `http://127.0.0.1:${upstreamPort}`,
      RELAY_KEY: made.body.key,
      PUBLIC_RATE_LIMIT_PER_MINUTE: '0',
    },
  });
  const db = new pg.Client({ connectionString: database.url });
  try {
    for (let start = 0; start < count; start += 100) {
      const items = Array.from({ length: Math.min(100, count - start) }, (_, j) => ({
        key: `bench-relay-${start + j}-${Date.now()}`,
        path: LEAD_PATHS.contact,
        body: {
          firstName: `Relayed${start + j}`,
          lastName: 'Student',
          email: `r${start + j}@example.in`,
          phone: '9876543210',
          message: 'From the hall',
        },
      }));
      const res = await fetch(relay.url + SYNC_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(items),
      });
      if (!res.ok) throw new Error(`the relay refused a batch: ${res.status}`);
    }
    upstream = await startServer(upstreamOptions);
    const started = performance.now();
    await db.connect();
    for (;;) {
      const { rows } = await db.query<{ n: number }>("select count(*)::int as n from contact_messages where last_name = 'Student'");
      if (rows[0]!.n >= count) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { count, ms: performance.now() - started };
  } finally {
    await db.end().catch(() => {});
    await relay.stop();
    await upstream.stop();
    rmSync(relayData, { recursive: true, force: true });
    await database.drop();
  }
}
