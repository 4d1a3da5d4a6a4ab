// A relay's queue after the hall: 1,000 submissions taken by a relay (its own embedded
// database in a folder) while its upstream was unreachable; when the upstream answers again,
// how long until all of them are rows upstream (Postgres, loopback). The time counts from
// the moment the upstream answers, so it includes the forwarder's wait before its next try
// (it backs off up to 60 s while the upstream is away) as well as the forwarding itself.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPostgresDatabase } from '../api/testing/databases.ts';
import { LEAD_PATHS } from '../contract/lead-kinds.ts';
import { RELAY_PATHS, type RelayKeyCreated } from '../contract/relay.ts';
import { adminEnv, apiCall, apiLogin, TEST_ADMIN } from '../tests/support/console.ts';
import { startServer } from '../tests/support/server.ts';
import { startTcpProxy } from '../tests/support/tcp-proxy.ts';

async function postAll(url: string, count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const res = await fetch(url + LEAD_PATHS.contact, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
        body: JSON.stringify({
          firstName: `Relay${i}`,
          lastName: 'Student',
          email: `r${i}@example.in`,
          phone: '9876543210',
          message: 'In the hall',
        }),
      });
      if (res.status !== 201) throw new Error(`the relay answered ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
}

export async function benchRelayForward(count = 1000): Promise<{ count: number; ms: number }> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createPostgresDatabase(base);
  const upstream = await startServer({ databaseUrl: database.url, env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '0', ...adminEnv() } });
  const proxy = await startTcpProxy('127.0.0.1', upstream.port);
  const dir = await mkdtemp(path.join(tmpdir(), 'relay-bench-'));
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  let relay: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const token = await apiLogin({ url: upstream.url }, TEST_ADMIN);
    const { key } = (await apiCall<RelayKeyCreated>({ url: upstream.url }, token, 'POST', RELAY_PATHS.keys, { name: 'Bench' })).body;
    await proxy.down();
    relay = await startServer({
      postgres: false,
      env: {
        DATA_DIR: dir,
        RELAY_UPSTREAM_URL: `http://127.0.0.1:${proxy.port}`,
        RELAY_KEY: key,
        PUBLIC_RATE_LIMIT_PER_MINUTE: '0',
        ...adminEnv(),
      },
    });
    await postAll(relay.url, count);
    await proxy.up();
    const start = performance.now();
    for (;;) {
      const n = Number((await db.query('select count(*) as n from contact_messages')).rows[0].n);
      if (n >= count) break;
      if (performance.now() - start > 120_000) throw new Error(`only ${n} of ${count} forwarded after 120 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return { count, ms: performance.now() - start };
  } finally {
    await db.end();
    await relay?.stop();
    await proxy.close();
    await upstream.stop();
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchRelayForward();
  console.log(`relay: ${r.count} queued submissions upstream ${(r.ms / 1000).toFixed(1)} s after the upstream answered again`);
}
