// 1,000 submissions queued in a browser's outbox while offline; on reconnect, how long
// until all of them are rows in Postgres (loopback). Target: at most 5 s.
import pg from 'pg';
import { LEAD_PATHS } from '../contract/lead-kinds.ts';
import { createPostgresDatabase } from '../api/testing/databases.ts';
import { launchBrowser } from '../tests/support/browser.ts';
import { seedOutbox } from '../tests/support/outbox.ts';
import { startServer } from '../tests/support/server.ts';

export const DRAIN_TARGET_MS = 5_000;

/** `pagePath`: the page open when the connection returns (/outbox renders every item). */
export async function benchOutboxDrain(count = 1000, pagePath = '/contact'): Promise<{ count: number; ms: number }> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createPostgresDatabase(base);
  const server = await startServer({ databaseUrl: database.url, env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '0' } });
  const browser = await launchBrowser();
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${server.url}${pagePath}`);
    await page.waitForFunction(() => indexedDB.databases().then((d) => d.some((x) => x.name === 'skillup-outbox')));
    await context.setOffline(true);
    await seedOutbox(
      page,
      Array.from({ length: count }, (_, i) => ({
        id: crypto.randomUUID(),
        path: LEAD_PATHS.contact,
        label: 'Contact message',
        body: {
          firstName: `Queued${i}`,
          lastName: 'Student',
          email: `q${i}@example.in`,
          phone: '9876543210',
          message: 'Saved offline in class',
        },
      })),
    );
    const start = performance.now();
    await context.setOffline(false);
    for (;;) {
      const n = Number((await db.query('select count(*) as n from contact_messages')).rows[0].n);
      if (n >= count) break;
      if (performance.now() - start > 60_000) throw new Error(`only ${n} of ${count} delivered after 60 s`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return { count, ms: performance.now() - start };
  } finally {
    await db.end();
    await browser.close();
    await server.stop();
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchOutboxDrain();
  console.log(`outbox drain: ${r.count} queued submissions in ${r.ms.toFixed(0)} ms after reconnecting (target <= ${DRAIN_TARGET_MS} ms)`);
}
