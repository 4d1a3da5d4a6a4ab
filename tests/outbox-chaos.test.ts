// Chaos: 500 submissions queued in a browser's outbox drain to the server (on Postgres
// when TEST_DATABASE_URL is set, else the embedded database on a data directory) while 20% of API
// requests are aborted before they reach the server, 30% of responses are dropped after
// the server has committed, and the API process is restarted once mid-drain. At the end:
// exactly 500 leads, no duplicates, none lost (counted through the admin API), and the
// outbox holds nothing undelivered.
// Time in the page runs on Playwright's clock, so backoff waits cost no real time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../api/testing/databases.ts';
import { launchBrowser } from './support/browser.ts';
import { adminEnv, storedLeads } from './support/console.ts';
import { drainedOutbox, firstAttempted, leadItem, seedOutbox, type SeedItem } from './support/outbox.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { seededRandom } from '../api/testing/random.ts';

const baseUrl = process.env.TEST_DATABASE_URL;

function items(count: number): SeedItem[] {
  return Array.from({ length: count }, (_, i) => leadItem(i, 'chaos'));
}

describe('outbox under chaos', () => {
  // The data outlives the restart: a database of the suite's own, or a data directory.
  let database: { url: string; drop(): Promise<void> } | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chaos-data-'));
  const env = { PUBLIC_RATE_LIMIT_PER_MINUTE: '0', DATA_DIR: dataDir, ...adminEnv() };
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    database = baseUrl ? await createPostgresDatabase(baseUrl) : undefined;
    server = await startServer({ databaseUrl: database?.url, postgres: false, env });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Every stored lead's email (one per queued item), read through the admin API of the server running now. */
  const storedEmails = async () => {
    const leads = storedLeads(server);
    return (await Promise.all((['contact', 'join-free', 'need-help'] as const).map((list) => leads.emails(list)))).flat();
  };
  const counts = async () => {
    const emails = await storedEmails();
    return { rows: emails.length, distinct: new Set(emails).size };
  };

  it('delivers 500 submissions exactly once through drops, aborts and a restart', { timeout: 240_000 }, async () => {
    // The service worker is out of this test (its requests bypass page routing); the
    // pages' drainer runs the same delivery code.
    context = await browser.newContext({ serviceWorkers: 'block' });
    page = await context.newPage();
    await page.clock.install();
    await page.goto(`${server.url}/outbox`);
    await expect.poll(() => page.evaluate(() => indexedDB.databases().then((d) => d.map((x) => x.name)))).toContain('skillup-outbox');

    // Half the queue builds up offline (it drains in batches through /api/v1/sync); the
    // other half is submitted in small groups while the link flaps, so there are many
    // small deliveries too.
    await context.setOffline(true);
    const queued = items(500);
    await seedOutbox(page, queued.slice(0, 250));

    const random = seededRandom(20261121);
    const stats = { aborted: 0, dropped: 0, passed: 0 };
    await context.route('**/api/v1/**', async (route) => {
      const r = random();
      if (r < 0.2) {
        stats.aborted++;
        return route.abort('connectionreset');
      }
      let response;
      try {
        response = await route.fetch();
      } catch {
        return route.abort('connectionrefused'); // the API is down (restart)
      }
      if (r < 0.5) {
        stats.dropped++; // committed on the server, the answer never arrives
        return route.abort('connectionreset');
      }
      stats.passed++;
      return route.fulfill({ response });
    });

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const late = queued.slice(250);
    for (let i = 0; i < late.length; i += 5) {
      const group = late.slice(i, i + 5);
      await seedOutbox(page, group);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      // Each group gets its own first attempt before the next arrives.
      await firstAttempted(page, group);
      // Restart the API once, mid-drain.
      if (i === 125) {
        expect((await counts()).rows).toBeLessThan(500); // the drain is not over
        const port = server.port;
        expect(await server.stop()).toBe(0);
        server = await startServer({ databaseUrl: database?.url, postgres: false, port, env });
      }
    }

    // Let backoff timers fire on the page clock until everything is delivered.
    const outbox = await drainedOutbox(page, 500, async (items) => {
      if (process.env.CHAOS_DEBUG)
        console.log(
          JSON.stringify({
            stats,
            counts: await counts(),
            states: items.reduce<Record<string, number>>((a, i) => ((a[i.state] = (a[i.state] ?? 0) + 1), a), {}),
          }),
        );
    });
    expect(outbox.filter((i) => i.state !== 'sent')).toEqual([]);
    expect(outbox).toHaveLength(500);
    expect(await counts()).toEqual({ rows: 500, distinct: 500 });
    expect(new Set(await storedEmails())).toEqual(new Set(queued.map((i) => String(i.body.email))));
    // The chaos really happened.
    expect(stats.aborted).toBeGreaterThan(0);
    expect(stats.dropped).toBeGreaterThan(0);
  });
});
