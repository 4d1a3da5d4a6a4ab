// Past one machine: three API instances on one Postgres behind HAProxy.
//
// - The public rate limit is one allowance across the instances (it lives in Postgres):
//   with a limit of L a minute, L submissions from one address pass, spread over the three
//   instances, and the next is refused; per-process limits would have let 3L through.
// - Chaos: 1,000 submissions (contact, free join, enquiry, and personality tests whose
//   certificates are emailed) drain from a browser's outbox through the load balancer while
//   one instance is killed with SIGKILL and another is restarted: exactly 1,000 rows, one per
//   key, and one certificate email per test, whichever instance sent it.
// - An admin's live list, connected to one instance, hears of leads taken by every instance.
//
// The instances trust two proxies (TRUST_PROXY=2): HAProxy, and the test itself standing
// as an outer proxy that names the client in X-Forwarded-For, so the rate-limit check has
// an address of its own while the browser's traffic counts as 127.0.0.1.
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS } from '../contract/admin.ts';
import { SYNC_PATH } from '../contract/api.ts';
import { CONSOLE_PATHS } from '../contract/console.ts';
import { LEAD_PATHS } from '../contract/lead-kinds.ts';
import { QUIZ_ANSWERS_PATH } from '../contract/quiz/api.ts';
import { QUIZ_ITEM_IDS } from '../contract/quiz/items.ts';
import { CERTIFICATE_SUBJECT } from '../api/certificate/email.ts';
import { createPostgresDatabase } from '../api/testing/databases.ts';
import { parsePrometheus } from '../api/testing/prometheus.ts';
import { startSmtpPeer, type SmtpPeer } from '../api/testing/smtp.ts';
import { launchBrowser } from './support/browser.ts';
import { startHaproxy, type LoadBalancer } from './support/haproxy.ts';
import { drainedOutbox, firstAttempted, leadItem, seedOutbox, storedKeys, type SeedItem } from './support/outbox.ts';
import { freePort, startServer, type RunningServer } from './support/server.ts';

const baseUrl = process.env.TEST_DATABASE_URL;
const RATE_LIMIT = 3_000;
const TOTAL = 1_000;
const ADMIN = { email: 'lb-admin@example.in', password: 'three instances one database' };

/** Leads of three kinds, and one in sixteen a personality test whose certificate is emailed (63 in all). */
function items(): SeedItem[] {
  return Array.from({ length: TOTAL }, (_, i) => {
    if (i % 16 !== 3) return leadItem(i, 'lb');
    const answers = Object.fromEntries(QUIZ_ITEM_IDS.map((q, k) => [q, (k + i) % 4]));
    return {
      id: `lb-${i}-${crypto.randomUUID()}`,
      path: QUIZ_ANSWERS_PATH,
      label: 'Personality test answers',
      body: { name: `Tester ${i}`, email: `q${i}@example.in`, answers, language: 'english' },
    };
  });
}

describe.runIf(baseUrl)('three instances behind HAProxy', () => {
  let database: { url: string; drop(): Promise<void> };
  let smtp: SmtpPeer;
  const ports: number[] = [];
  const instances: RunningServer[] = [];
  let lb: LoadBalancer;
  let db: pg.Client;
  let browser: Browser;
  let context: BrowserContext | undefined;

  const start = (i: number) =>
    startServer({
      databaseUrl: database.url,
      port: ports[i],
      env: {
        SMTP_URL: smtp.url,
        TRUST_PROXY: '2',
        PUBLIC_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
        METRICS_PORT: '0',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        JWT_SECRET: 'one-secret-for-every-instance-of-the-site',
        // A message claimed by the instance that is killed is sent by another after this.
        MAIL_LEASE_SECONDS: '5',
      },
    });

  beforeAll(async () => {
    database = await createPostgresDatabase(baseUrl!);
    smtp = await startSmtpPeer();
    for (let i = 0; i < 3; i++) ports.push(await freePort());
    // The first applies the migrations; the others find them done.
    instances.push(await start(0));
    instances.push(...(await Promise.all([start(1), start(2)])));
    lb = await startHaproxy(await freePort(), ports);
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await db?.end();
    await lb?.stop();
    for (const instance of instances) await instance?.stop();
    await smtp?.close();
    await database?.drop();
  });

  it('holds one rate limit across the instances', async () => {
    // Batches of 100 submissions from one address (invalid ones: they cost their place
    // in the allowance and store nothing), round robin over the three instances.
    const batch = Array.from({ length: 100 }, (_, i) => ({ key: `rate-${i}-${crypto.randomUUID()}`, path: LEAD_PATHS.contact, body: {} }));
    const statuses: number[] = [];
    const itemStatuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT / 100 + 3; i++) {
      const res = await fetch(lb.url + SYNC_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.23' },
        body: JSON.stringify(batch),
      });
      statuses.push(res.status);
      if (res.status === 200)
        itemStatuses.push(...((await res.json()) as { results: Array<{ status: number }> }).results.map((r) => r.status));
    }
    // L submissions went through (each refused by validation, not by the limit)...
    expect(itemStatuses).toHaveLength(RATE_LIMIT);
    expect(new Set(itemStatuses)).toEqual(new Set([400]));
    // ...and every request after them was refused, whichever instance it reached.
    expect(statuses.slice(RATE_LIMIT / 100)).toEqual([429, 429, 429]);
    // Every instance took part and refused its share.
    const rejections = await Promise.all(
      instances.map(async (instance) => {
        const text = await (await fetch(instance.metricsUrl!)).text();
        const metrics = parsePrometheus(text);
        expect(metrics.get('http_requests_total{route="/api/v1/sync",method="POST",status="200"}') ?? 0).toBeGreaterThan(0);
        return metrics.get('rate_limit_rejections_total') ?? 0;
      }),
    );
    expect(rejections.reduce((a, b) => a + b, 0)).toBe(3);
    // Another address is untouched by it.
    const other = await fetch(lb.url + LEAD_PATHS.contact, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.24' },
      body: '{}',
    });
    expect(other.status).toBe(400);
  });

  const counts = async () => {
    const keys = await storedKeys(db);
    return { rows: keys.length, keys: new Set(keys).size };
  };

  it(`delivers ${TOTAL} submissions exactly once while one instance is killed and another restarted`, { timeout: 300_000 }, async () => {
    context = await browser.newContext({ serviceWorkers: 'block' });
    const page: Page = await context.newPage();
    await page.clock.install();
    await page.goto(`${lb.url}/outbox`);
    await expect.poll(() => page.evaluate(() => indexedDB.databases().then((d) => d.map((x) => x.name)))).toContain('skillup-outbox');

    const queued = items();
    const certificates = queued.filter((q) => q.path === QUIZ_ANSWERS_PATH).length;
    let killed = false;
    let restarted = false;
    // Submitted in groups, the way a classroom's phones would, each group drained at once.
    for (let i = 0; i < TOTAL; i += 50) {
      await seedOutbox(page, queued.slice(i, i + 50));
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      // Each group gets its first attempt before the next arrives.
      await firstAttempted(page, queued.slice(i, i + 50));
      const { rows } = await counts();
      if (!killed && rows >= 250) {
        killed = true;
        instances[1]!.process.kill('SIGKILL');
      } else if (killed && !restarted && rows >= 550) {
        restarted = true;
        expect(await instances[2]!.stop()).toBe(0);
        instances[2] = await start(2);
      }
    }
    expect(killed && restarted).toBe(true);

    // Backoff timers run on the page clock until everything is delivered.
    const outbox = await drainedOutbox(page, TOTAL);
    expect(outbox.filter((o) => o.state !== 'sent')).toEqual([]);
    expect(await counts()).toEqual({ rows: TOTAL, keys: TOTAL });
    expect(new Set(await storedKeys(db))).toEqual(new Set(queued.map((q) => q.id)));

    // One certificate email per test: wait until the mail queue is empty (a message the
    // killed instance had claimed goes out from another once its lease ends), then count.
    await expect
      .poll(async () => (await db.query(`select count(*)::int as n from mail_queue where status <> 'sent'`)).rows[0].n, {
        timeout: 120_000,
        interval: 250,
      })
      .toBe(0);
    // Each test's email is one message (one Message-ID, the queue row's id) to its own
    // student. A worker renews its lease just before each send, so a message is never sent
    // by two instances at once (a run once sent one twice when a 5 s lease ran out behind a
    // batch of slow certificate drawings). What no server can rule out is a SIGKILL after the
    // SMTP server took a message and before it was marked sent: that message goes again,
    // with the same Message-ID, which mail clients show once. One kill: at most one such copy.
    const certificateMails = smtp.received.filter((m) => m.raw.includes(CERTIFICATE_SUBJECT));
    const messageId = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1];
    const byId = new Map<string, Set<string>>();
    for (const m of certificateMails) {
      const id = messageId(m.raw);
      expect(id).toBeDefined();
      byId.set(id!, (byId.get(id!) ?? new Set()).add(m.to.join(',')));
    }
    expect(byId.size).toBe(certificates);
    expect([...byId.values()].every((to) => to.size === 1)).toBe(true);
    expect(new Set([...byId.values()].map((to) => [...to][0])).size).toBe(certificates);
    expect(certificateMails.length - certificates).toBeLessThanOrEqual(1);
  });

  it('sends an admin live list the leads taken by every instance', { timeout: 60_000 }, async () => {
    // The killed instance comes back on its port.
    if (instances[1]!.process.exitCode !== null || instances[1]!.process.signalCode !== null) instances[1] = await start(1);
    const login = await fetch(lb.url + ADMIN_PATHS.login, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };

    // The stream is held by whichever instance the balancer picked.
    const abort = new AbortController();
    const stream = await fetch(lb.url + CONSOLE_PATHS.events, { headers: { Authorization: `Bearer ${token}` }, signal: abort.signal });
    expect(stream.status).toBe(200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const readUntil = async (pattern: RegExp, count: number) => {
      while ((text.match(pattern) ?? []).length < count) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended: ${text}`);
        text += value;
      }
    };
    await readUntil(/event: ready/g, 1);

    // One lead straight into each instance.
    for (const [i, instance] of instances.entries()) {
      const res = await fetch(instance.url + LEAD_PATHS.freeJoin, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: `Live ${i}`, phone: '9123456780', email: `live${i}@example.in` }),
      });
      expect(res.status).toBe(201);
    }
    await readUntil(/event: lead\ndata: \{[^\n]*"list":"join-free"[^\n]*"type":"created"/g, 3);
    abort.abort();
  });
});
