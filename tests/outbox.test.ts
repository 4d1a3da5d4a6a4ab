// The offline-tolerant lead queue in Chromium against the real server (on Postgres when
// TEST_DATABASE_URL is set, else the embedded database; leads are counted through the admin API):
// forms submitted offline survive a reload and arrive exactly once on reconnect; a page
// closed with items waiting delivers them from the next one; two tabs deliver each item
// once; a 500 recovers; a 400 waits in "needs attention" until fixed and resent.
// "Offline" cuts the page's and the service worker's requests (setOffline alone does not
// reach the worker's own fetches, hence the route).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

import { TEXT_MESSAGES } from '../contract/text-rules.ts';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { ListSlug } from '../contract/lead-kinds.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_PATHS } from '../contract/lead-kinds.ts';
import { QUIZ_ITEM_COUNT } from '../contract/quiz/items.ts';
import { QUIZ_OPTIONS } from '../contract/quiz/options.ts';
import { launchBrowser } from './support/browser.ts';
import { adminEnv, storedLeads } from './support/console.ts';
import { draftIndex, readOutbox, seedOutbox } from './support/outbox.ts';
import { gotoLive, offline, online } from './support/pwa.ts';
import { ROOT, startServer, type RunningServer } from './support/server.ts';
import { toast, unique } from './support/site.ts';

const SAVED_OFFLINE = "Saved on this device — it will be sent automatically when you're back online";
/** Where each kind of submission is listed for admins ('test': a taken test, under the test-form list). */
const LISTED: Record<string, [ListSlug, 'lead' | 'test']> = {
  contact_messages: ['contact', 'lead'],
  enquiries: ['need-help', 'lead'],
  free_join_users: ['join-free', 'lead'],
  join_now_users: ['join-now', 'lead'],
  personality_users: ['test-form', 'lead'],
  quiz_submissions: ['test-form', 'test'],
};

describe('the outbox in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let leads: ReturnType<typeof storedLeads>;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '0', ...adminEnv() } }), launchBrowser()]);
    leads = storedLeads(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** How many stored submissions of a kind carry this email. */
  const rows = async (table: keyof typeof LISTED, email: string) => {
    const [list, kind] = LISTED[table]!;
    return leads.count(list, email, kind);
  };

  /** A fresh visitor whose service worker has finished installing (pages now open offline). */
  async function visitor(path = '/'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await gotoLive(page, server.url + path);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    return { context, page };
  }

  /** Fills the 'Send A Message' form (phone 9876543210). */
  async function fillContact(page: Page, v: { firstName: string; lastName: string; email: string; message: string }) {
    await page.getByLabel('First name', { exact: true }).fill(v.firstName);
    await page.getByLabel('Last name', { exact: true }).fill(v.lastName);
    await page.getByLabel('Email', { exact: true }).fill(v.email);
    await page.getByLabel('Phone', { exact: true }).fill('9876543210');
    await page.getByLabel('Message', { exact: true }).fill(v.message);
  }

  it('queues every form offline, keeps it across an offline reload, and delivers each once on reconnect', async () => {
    const { context, page } = await visitor('/contact');
    await offline(context);
    const tag = unique();
    const email = (form: string) => `${form}.${tag}@example.in`;

    // Contact
    await page.getByLabel('First name', { exact: true }).fill('Asha');
    await page.getByLabel('Last name', { exact: true }).fill('Rao');
    await page.getByLabel('Email', { exact: true }).fill(email('contact'));
    await page.getByLabel('Phone', { exact: true }).fill('9876543210');
    await page.getByLabel('Message', { exact: true }).fill('Do you run weekend batches?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, SAVED_OFFLINE);
    expect(await page.getByLabel('First name', { exact: true }).inputValue()).toBe('');
    await expect.poll(() => page.getByTestId('outbox-badge').textContent()).toBe('1');

    // The page and the waiting item survive a reload with no network at all.
    await page.reload();
    await page.getByRole('heading', { name: 'Send A Message' }).waitFor();
    await expect.poll(() => page.getByTestId('outbox-badge').textContent()).toBe('1');

    // Enquiry (course page), two steps.
    await gotoLive(page, `${server.url}/course/soft-skills`);
    const enquiry = page.getByTestId('enquiry-form');
    await enquiry.scrollIntoViewIfNeeded();
    await enquiry.getByLabel('Your background').selectOption('College Student');
    await enquiry.getByLabel('Course you are interested in').selectOption('Soft Skills');
    await enquiry.getByRole('button', { name: 'Next' }).click();
    await enquiry.getByLabel('Name', { exact: true }).fill('Meera');
    await enquiry.getByLabel('Email', { exact: true }).fill(email('enquiry'));
    await enquiry.getByLabel('Phone', { exact: true }).fill('9988776655');
    await enquiry.getByRole('button', { name: 'Submit' }).click();
    await toast(page, SAVED_OFFLINE);

    // Free join (modal on the course page).
    await page.getByRole('button', { name: 'Join For Free' }).first().click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Name', { exact: true }).fill('Rohan');
    await modal.getByLabel('WhatsApp number', { exact: true }).fill('9123456780');
    await modal.getByLabel('Email', { exact: true }).fill(email('free'));
    await modal.getByRole('button', { name: 'Join For Free', exact: true }).click();
    // The enquiry's toast may still be up, so it cannot say this one was stored: the modal
    // empties its form once the submission is queued (leaving sooner could lose the write).
    await expect.poll(() => modal.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    await toast(page, SAVED_OFFLINE);

    // Join now: moves on to / as after a success.
    await gotoLive(page, `${server.url}/join-now`);
    await page.getByLabel('Full name', { exact: true }).fill('Kabir');
    await page.getByLabel('Phone', { exact: true }).fill('9000000001');
    await page.getByLabel('Email', { exact: true }).fill(email('joinnow'));
    await page.getByLabel('Password', { exact: true }).fill('secret12');
    await page.getByRole('button', { name: 'Register' }).click();
    await toast(page, SAVED_OFFLINE);
    await page.waitForURL(`${server.url}/`);

    // Personality sign-up: the flag is set and the English test opens.
    await gotoLive(page, `${server.url}/signup`);
    await page.getByLabel('Full name', { exact: true }).fill('Isha');
    await page.getByLabel('Phone', { exact: true }).fill('9000000002');
    await page.getByLabel('Email', { exact: true }).fill(email('signup'));
    await page.getByLabel('Password', { exact: true }).fill('secret34');
    await page.getByLabel('I am 18 or older').check();
    await page.getByRole('button', { name: 'Start the test' }).click();
    await page.waitForURL(`${server.url}/personality/english-test`);

    await gotoLive(page, `${server.url}/outbox`);
    await expect
      .poll(async () => (await readOutbox(page)).map((i) => i.label).sort())
      .toEqual(['Contact message', 'Enquiry', 'Free class sign-up', 'Personality test sign-up', 'Registration']);
    await expect.poll(async () => (await page.getByTestId('outbox-item').all()).length).toBe(5);
    expect(await rows('contact_messages', email('contact'))).toBe(0);
    // Headless Chromium does not grant persistent storage: the page says what that risks.
    const persisted = await page.evaluate(() => navigator.storage.persisted());
    if (!persisted)
      await page.getByText('clearing site data or browsing history would lose the items still waiting', { exact: false }).waitFor();

    await online(context);
    await expect.poll(async () => (await readOutbox(page)).every((i) => i.state === 'sent'), { timeout: 30_000 }).toBe(true);
    for (const [table, form] of [
      ['contact_messages', 'contact'],
      ['enquiries', 'enquiry'],
      ['free_join_users', 'free'],
      ['join_now_users', 'joinnow'],
      ['personality_users', 'signup'],
    ] as const) {
      expect(await rows(table, email(form)), form).toBe(1);
    }
    // Delivered items keep no password on the device.
    expect(JSON.stringify(await readOutbox(page))).not.toContain('secret12');
    await expect.poll(() => page.getByTestId('outbox-badge').count()).toBe(0);
    await context.close();
  });

  it('delivers from a new page what a closed page left waiting', async () => {
    // No service worker here, so only the next page of the site can deliver it.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await gotoLive(page, `${server.url}/contact`);
    await offline(context);
    const email = `closed.${unique()}@example.in`;
    await fillContact(page, { firstName: 'Late', lastName: 'Student', email, message: 'Sent from a closed tab' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, SAVED_OFFLINE);
    await page.close();
    await online(context);
    const next = await context.newPage();
    expect(await rows('contact_messages', email)).toBe(0);
    await next.goto(server.url + '/');
    await expect.poll(() => rows('contact_messages', email), { timeout: 30_000 }).toBe(1);
    await context.close();
  });

  it('delivers each item once when two tabs drain at the same time', async () => {
    const { context, page } = await visitor('/outbox');
    const second = await context.newPage();
    await gotoLive(second, server.url + '/outbox');
    await offline(context);
    const tag = unique();
    const items = Array.from({ length: 60 }, (_, i) => ({
      id: crypto.randomUUID(),
      path: LEAD_PATHS.contact,
      label: 'Contact message',
      body: { firstName: `Tab${i}`, lastName: 'Test', email: `tabs.${tag}.${i}@example.in`, phone: '9876543210', message: 'two tabs' },
    }));
    await seedOutbox(page, items);
    const seen = new Map<string, number>();
    await context.unroute('**/api/**');
    await context.route('**/api/v1/**', async (route) => {
      const request = route.request();
      const body = request.postDataJSON() as unknown;
      const keys = Array.isArray(body) ? body.map((i: { key: string }) => i.key) : [request.headers()['idempotency-key']!];
      for (const k of keys) seen.set(k, (seen.get(k) ?? 0) + 1);
      await route.continue();
    });
    await context.setOffline(false);
    await Promise.all([page, second].map((p) => p.evaluate(() => window.dispatchEvent(new Event('online')))));
    await expect
      .poll(async () => (await leads.emails('contact', `tabs.${tag}.`)).filter((e) => e.startsWith(`tabs.${tag}.`)).length, {
        timeout: 30_000,
      })
      .toBe(60);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect(seen.size).toBe(60);
    await context.close();
  });

  it('retries after a 500 and reports the delivery', async () => {
    const { context, page } = await visitor('/contact');
    let failing = true;
    await context.route('**/api/v1/contact', (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }) : route.continue(),
    );
    const email = `retry.${unique()}@example.in`;
    await fillContact(page, { firstName: 'Retry', lastName: 'Later', email, message: 'First try meets a 500' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Saved on this device — our server could not take it just now, so it will be sent automatically');
    failing = false;
    await gotoLive(page, `${server.url}/outbox`);
    await page.getByTestId('outbox-error').getByText('boom').waitFor();
    await page.getByRole('button', { name: 'Retry now' }).click();
    await expect.poll(() => rows('contact_messages', email), { timeout: 30_000 }).toBe(1);
    await page.locator('[data-testid="outbox-item"][data-state="sent"]').first().waitFor();
    await context.close();
  });

  it('keeps a rejected item in "needs attention" with the server message until it is fixed and resent', async () => {
    const { context, page } = await visitor('/outbox');
    await offline(context);
    const email = `fix.${unique()}@example.in`;
    // Queued by an older version of the form that did not check the phone.
    await seedOutbox(page, [
      {
        id: crypto.randomUUID(),
        path: LEAD_PATHS.contact,
        label: 'Contact message',
        body: { firstName: 'Fix', lastName: 'Me', email, phone: '12345', message: 'old form' },
      },
    ]);
    await online(context);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const item = page.locator('[data-testid="outbox-item"][data-state="attention"]');
    await item.getByText('Needs attention').waitFor();
    await item.getByTestId('outbox-error').getByText('Please enter a valid 10-digit number').waitFor();
    expect(await rows('contact_messages', email)).toBe(0);
    await item.getByRole('button', { name: 'Fix and resend' }).click();
    await item.getByLabel('Phone').fill('9876543210');
    await item.getByRole('button', { name: 'Resend', exact: true }).click();
    await expect.poll(() => rows('contact_messages', email), { timeout: 30_000 }).toBe(1);
    await page.locator('[data-testid="outbox-item"][data-state="sent"]').first().waitFor();
    await context.close();
  });

  it('delivers the ten items queued behind one the server refuses for good, and marks that one as needing attention', async () => {
    // The poisoned item was queued offline by an app version whose form did not check for
    // characters Postgres cannot store; the server refuses it (400) and must not hold up
    // what was queued after it.
    const { context, page } = await visitor('/outbox');
    await offline(context);
    const tag = unique();
    const contact = (i: number, firstName: string) => ({
      id: crypto.randomUUID(),
      path: LEAD_PATHS.contact,
      label: 'Contact message',
      body: { firstName, lastName: 'Queue', email: `poison.${tag}.${i}@example.in`, phone: '9876543210', message: 'behind a bad one' },
    });
    const poisoned = contact(0, 'Nul\u0000Name');
    const valid = Array.from({ length: 10 }, (_, i) => contact(i + 1, `Valid${i}`));
    await seedOutbox(page, [poisoned, ...valid]);
    await online(context);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));

    await expect
      .poll(
        async () =>
          (await readOutbox(page))
            .map((i) => i.state)
            .sort()
            .join(','),
        { timeout: 30_000 },
      )
      .toBe(['attention', ...Array(10).fill('sent')].join(','));
    const stored = await readOutbox(page);
    const bad = stored.find((i) => i.id === poisoned.id)!;
    expect(bad.state).toBe('attention');
    expect(bad.lastError).toBe(TEXT_MESSAGES.notAllowedCharacters('First name'));
    const delivered = (await leads.emails('contact', `poison.${tag}.`)).filter((e) => e.startsWith(`poison.${tag}.`)).length;
    expect(delivered).toBe(10);
    // The page says what needs doing, in the server's words.
    await page.getByText('Needs attention').first().waitFor();
    await page.getByText(TEXT_MESSAGES.notAllowedCharacters('First name')).first().waitFor();
    await context.close();
  });

  it('keeps a video that played whole, and plays and seeks it offline: each range cut from the kept file', async () => {
    const { context, page } = await visitor('/');
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const size = (await (await fetch(`${server.url}/video/intro.mp4`)).arrayBuffer()).byteLength;
    // As a video element asks: from the start, in a range. The worker keeps the whole file beside it.
    const first = await page.evaluate(async () => (await fetch('/video/intro.mp4', { headers: { Range: 'bytes=0-' } })).status);
    expect([200, 206]).toContain(first);
    await expect.poll(() => page.evaluate(async () => (await caches.open('video')).keys().then((k) => k.length))).toBe(1);
    await offline(context);
    const seek = await page.evaluate(async () => {
      const res = await fetch('/video/intro.mp4', { headers: { Range: 'bytes=100-199' } });
      return { status: res.status, range: res.headers.get('Content-Range'), length: (await res.arrayBuffer()).byteLength };
    });
    expect(seek).toEqual({ status: 206, range: `bytes 100-199/${size}`, length: 100 });
    await context.close();
  });

  it('is installable: manifest, icons and a service worker that answers offline', async () => {
    const { context, page } = await visitor('/');
    const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: 'SkillUp Soft Skills Academy', short_name: 'SkillUp', start_url: '/', display: 'standalone' });
    for (const icon of [...manifest.icons, ...manifest.screenshots]) {
      const res = await fetch(server.url + icon.src);
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
    expect(manifest.icons.some((i: { purpose: string }) => i.purpose === 'maskable')).toBe(true);
    const cdp = await context.newCDPSession(page);
    await page.reload();
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    // Test contexts are incognito, which Chromium never offers to install from; every
    // criterion that depends on the app must pass.
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    // Every public page and both tests open with no network after this one visit.
    await offline(context);
    // Offline the service worker answers every navigation from its cache (200): the pages
    // themselves, and for an unknown path the app's own "Page not found".
    for (const [path, heading] of [
      ['/about', /About/],
      ['/blog', /Blog/],
      ['/gallery', /Gallery/],
      ['/services/b2b-outsourcing', /B2B/],
      ['/privacy-policy', /Privacy Policy/],
      ['/outbox', /Outbox|Waiting|Submissions/],
      ['/no-such-page', /^Page not found$/],
    ] as const) {
      const res = await page.goto(server.url + path);
      expect(res?.status(), path).toBe(200);
      await expect.poll(() => page.locator('h1').first().textContent(), { message: path }).toMatch(heading);
    }
    await context.close();
  });

  it('sends straight to the server, and says so, where IndexedDB is unavailable', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    // Some private modes refuse IndexedDB outright.
    await context.addInitScript(() => {
      Object.defineProperty(window, 'indexedDB', {
        get() {
          return {
            open() {
              throw new DOMException('IndexedDB is disabled', 'InvalidStateError');
            },
          };
        },
      });
    });
    const page = await context.newPage();
    await gotoLive(page, `${server.url}/contact`);
    const email = `direct.${unique()}@example.in`;
    await fillContact(page, { firstName: 'Private', lastName: 'Mode', email, message: 'From a private window' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Message sent successfully!');
    expect(await rows('contact_messages', email)).toBe(1);
    await gotoLive(page, `${server.url}/outbox`);
    await page.getByText("This browser can't keep submissions on the device", { exact: false }).waitFor();
    await context.close();
  });

  it('offers an update with a prompt, never reloads by itself, and keeps waiting items across it', async () => {
    // A server of its own over a copy of the build, so a "new release" can be deployed.
    const site = mkdtempSync(path.join(tmpdir(), 'pwa-release-'));
    cpSync(path.join(ROOT, 'dist/pwa'), site, { recursive: true });
    const own = await startServer({ env: { STATIC_DIR: site, PUBLIC_RATE_LIMIT_PER_MINUTE: '0', ...adminEnv() } });
    const ownLeads = storedLeads(own);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await gotoLive(page, `${own.url}/contact`);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await offline(context);
      const email = `update.${unique()}@example.in`;
      await fillContact(page, { firstName: 'Before', lastName: 'Update', email, message: 'Queued before a new release' });
      await page.getByRole('button', { name: 'Send Message' }).click();
      await toast(page, SAVED_OFFLINE);
      // Half-typed input that an automatic reload would destroy.
      await page.getByLabel('Message', { exact: true }).fill('I was still typing');

      // A new release is deployed; the network is back except for the API.
      appendFileSync(path.join(site, 'sw.js'), `\n// release ${Date.now()}\n`);
      await context.setOffline(false);
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      const updated = await page.evaluate(() =>
        navigator.serviceWorker.getRegistration().then((r) =>
          r?.update().then(
            () => 'ok',
            (e: Error) => e.message,
          ),
        ),
      );
      expect(updated).toBe('ok');
      await page.getByText('A new version is ready').waitFor();
      expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('I was still typing');
      expect((await readOutbox(page)).map((i) => i.state)).toEqual(['waiting']);

      // The user chooses to reload: the new worker takes over, the item is still there.
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
      await page.getByRole('heading', { name: 'Send A Message' }).waitFor();
      expect((await readOutbox(page)).map((i) => i.body.email)).toEqual([email]);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');

      await context.unroute('**/api/**');
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect
        .poll(() => ownLeads.count('contact', email), {
          timeout: 30_000,
        })
        .toBe(1);
    } finally {
      await context.close();
      await own.stop();
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('lets the service worker deliver on Background Sync with no page open', async () => {
    const { context, page } = await visitor('/contact');
    await offline(context);
    const email = `bgsync.${unique()}@example.in`;
    await fillContact(page, { firstName: 'Background', lastName: 'Sync', email, message: 'Delivered by the worker' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, SAVED_OFFLINE);
    // No page of the site is left to drain: only the service worker can deliver it.
    const blank = await context.newPage();
    await page.close();
    await online(context);
    const cdp = await context.newCDPSession(blank);
    const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: Array<{ registrationId: string; scopeURL: string }> }) =>
      registrations.push(...e.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((r) => r.scopeURL.startsWith(server.url))?.registrationId).toBeTruthy();
    const { registrationId } = registrations.find((r) => r.scopeURL.startsWith(server.url))!;
    // Chromium may fire the registered sync by itself once the network is back; either
    // way the delivery can only come from the worker, and only once.
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: server.url, registrationId, tag: 'outbox-sync', lastChance: false });
    await expect.poll(() => rows('contact_messages', email), { timeout: 30_000 }).toBe(1);
    await context.close();
  });

  it('takes the whole personality test offline, across a reload, and delivers sign-up then answers once', async () => {
    const { context, page } = await visitor('/signup');
    await offline(context);
    const email = `offline.test.${unique()}@example.in`;
    await page.getByLabel('Full name', { exact: true }).fill('Nisha Offline');
    await page.getByLabel('Phone', { exact: true }).fill('9000000003');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret56');
    await page.getByLabel('I am 18 or older').check();
    await page.getByRole('button', { name: 'Start the test' }).click();
    await page.waitForURL(`${server.url}/personality/english-test`);

    const quiz = page.getByTestId('quiz');
    const index = async () => Number(await quiz.getAttribute('data-index'));
    const radio = (option: number) => page.getByRole('radio', { name: QUIZ_OPTIONS.english[option], exact: true });
    const pick = (i: number) => (i * 7) % 4;
    const answerUntil = async (stop: number) => {
      for (let i = await index(); i < stop; i++) {
        await expect.poll(index).toBe(i);
        await radio(pick(i)).check();
        if (i < QUIZ_ITEM_COUNT - 1) await page.getByRole('button', { name: 'Next', exact: true }).click();
      }
    };
    await quiz.waitFor();
    await answerUntil(17);
    // The phone locks once the app has saved where it is (a reload in the very moment
    // after Next may find the question before; its answer is saved either way), and the app
    // is reopened: still offline, same question, same answers.
    await expect.poll(() => draftIndex(page, 'english')).toBe(17);
    await page.reload();
    await quiz.waitFor();
    expect(await index()).toBe(17);
    await page.getByRole('button', { name: 'Previous', exact: true }).click();
    expect(await radio(pick(16)).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await answerUntil(QUIZ_ITEM_COUNT);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await toast(page, SAVED_OFFLINE);
    await page.waitForURL(`${server.url}/`);
    const waiting = (await readOutbox(page)).filter((i) => i.state === 'waiting').sort((a, b) => a.seq - b.seq);
    expect(waiting.map((i) => i.label)).toEqual(['Personality test sign-up', 'Personality test answers']);

    await online(context);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => rows('quiz_submissions', email), { timeout: 30_000 }).toBe(1);
    expect(await rows('personality_users', email)).toBe(1);
    // The sign-up landed before its answers. The admin API gives times to the millisecond,
    // so the strict order is read from Postgres, to the microsecond, when the suite has it.
    const submissions = await leads.of(email);
    const signup = submissions.find((s) => s.list === 'test-form' && s.kind === 'lead');
    const test = submissions.find((s) => s.list === 'test-form' && s.kind === 'test');
    expect(Date.parse(signup!.createdAt)).toBeLessThanOrEqual(Date.parse(test!.createdAt));
    if (server.databaseUrl) {
      const db = new pg.Client({ connectionString: server.databaseUrl });
      await db.connect();
      const stored = await db.query(
        'select (select min(created_at) from personality_users where email = $1) < (select min(created_at) from quiz_submissions where email = $1) as ordered',
        [email],
      );
      await db.end();
      expect(stored.rows[0].ordered).toBe(true);
    }
    await context.close();
  });
});
