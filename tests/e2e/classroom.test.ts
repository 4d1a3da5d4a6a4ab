// A classroom session in the browser, against the production build:
// a trainer's session; a student's phone opens /s/{code} online, is told when it is ready to
// go offline, loses the network (and reloads, served by the service worker), joins and
// takes the whole test in the session's language offline, then comes back online and the
// join and the answers are delivered exactly once, with one certificate email naming the
// organisation; the console's session page shows the QR code and the live counts.
// No sleeps: Playwright's auto-waiting and expect.poll.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { mimeLeaves } from '../../api/testing/smtp.ts';
import { QUIZ_ITEM_COUNT } from '../../contract/quiz/items.ts';
import { QUIZ_OPTIONS } from '../../contract/quiz/options.ts';
import { SESSION_PATHS, type ClassroomSession, type SessionCreated } from '../../contract/sessions.ts';
import { SESSION_WORDS } from '../../pwa/content/session.ts';
import { adminEnv, apiCall, apiLogin, consoleLogin, joinTeam, storedLeads, TEST_ADMIN } from '../support/console.ts';
import { launchBrowser } from '../support/browser.ts';
import { gotoLive, openPage } from '../support/pwa.ts';
import { fillFields, NO_SERVICE_WORKER, unique, useMailingSite, WITH_SERVICE_WORKER } from '../support/site.ts';

const site = useMailingSite(adminEnv(), NO_SERVICE_WORKER);

const quiz = (page: Page) => page.getByTestId('quiz');
/** The session below is a Hinglish one: its pages are Hinglish from the join form on. */
const HINGLISH = SESSION_WORDS.hinglish;
const indexOf = async (page: Page) => Number(await quiz(page).getAttribute('data-index'));

/** Answers every statement of the Hinglish test and submits it. */
/** A host name that is not localhost: the page is then not a secure context (no service worker, no Web Locks), as on a relay's LAN address. */
const LAN_HOST = 'relay.classroom.test';

async function takeHinglishTest(page: Page): Promise<void> {
  await quiz(page).waitFor();
  for (let i = 0; i < QUIZ_ITEM_COUNT; i++) {
    await expect.poll(() => indexOf(page)).toBe(i);
    await page.getByRole('radio', { name: QUIZ_OPTIONS.hinglish[(i * 3) % 4], exact: true }).check();
    if (i < QUIZ_ITEM_COUNT - 1) await page.getByRole('button', { name: 'Agla' }).click();
  }
  await page.getByRole('button', { name: 'Submit kijiye' }).click();
}

describe('a classroom session', () => {
  let token: string;
  let code: string;
  const sessionNow = async () =>
    (await apiCall<{ session: ClassroomSession }>(site, token, 'GET', `${SESSION_PATHS.admin}/${code}`)).body.session;

  beforeAll(async () => {
    token = await apiLogin(site, TEST_ADMIN);
    const created = await apiCall<SessionCreated>(site, token, 'POST', SESSION_PATHS.admin, {
      organisation: 'Government Polytechnic, Nagpur',
      city: 'Nagpur',
      date: '2026-12-03',
      language: 'hinglish',
      expected: 60,
    });
    expect(created.status).toBe(201);
    code = created.body.code;
    expect(created.body.url).toBe(`${site.url}/s/${code}`);
  });

  it('a phone that opened /s/{code} online takes the whole test offline, and it is delivered once when back online', async () => {
    const { page, errors } = await site.page({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      ...WITH_SERVICE_WORKER,
    });
    const student = { name: 'Asha Patil', email: `asha-${unique()}@example.in` };
    await gotoLive(page, `${site.url}/s/${code}`);
    expect(await page.getByTestId('session-organisation').textContent()).toBe('Government Polytechnic, Nagpur, Nagpur');
    await page.locator('[data-testid="offline-ready"][data-state="ready"]').waitFor({ timeout: 30_000 });

    await page.context().setOffline(true);
    try {
      // The hall's Wi-Fi is gone: a reload still opens the session, from the service worker.
      await page.reload();
      await page.getByTestId('session-organisation').waitFor();
      await fillFields(page, { [HINGLISH.nameLabel]: student.name, Email: student.email });
      await page.getByRole('button', { name: HINGLISH.join }).click();
      await takeHinglishTest(page);
      await page.locator('[data-testid="session-delivery"][data-pending="2"]').waitFor();
      expect(site.peer.received.filter((m) => m.to.includes(student.email))).toHaveLength(0);
      const offline = await sessionNow();
      expect([offline.joined, offline.finished]).toEqual([0, 0]);
    } finally {
      await page.context().setOffline(false);
    }

    await page.locator('[data-testid="session-delivery"][data-pending="0"]').waitFor({ timeout: 30_000 });
    await expect.poll(async () => [(await sessionNow()).joined, (await sessionNow()).finished], { timeout: 20_000 }).toEqual([1, 1]);
    const tests = (await storedLeads(site).of(student.email)).filter((s) => s.kind === 'test');
    expect(tests).toHaveLength(1);
    await expect.poll(() => site.peer.received.filter((m) => m.to.includes(student.email)).length, { timeout: 20_000 }).toBe(1);
    const text = mimeLeaves(site.peer.received.find((m) => m.to.includes(student.email))!.raw)
      .find((l) => l.contentType === 'text/plain')!
      .text();
    const certificateId = /\/certificate\/([0-9a-f]{32})/.exec(text)![1];
    const certificate = await (await fetch(`${site.url}/api/v1/certificates/${certificateId}`)).json();
    expect(certificate).toMatchObject({ name: student.name, organisation: 'Government Polytechnic, Nagpur' });
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e))).toEqual([]);
  });

  it("shows the trainer the session's QR code, its short link and the live counts in the console", async () => {
    const { page } = await site.page();
    await consoleLogin(site, page, TEST_ADMIN);
    await page.goto(`${site.url}/admin/sessions`);
    await page.getByRole('link', { name: 'Government Polytechnic, Nagpur' }).click();
    await page.waitForURL(`**/admin/sessions/${code}`);
    await page.getByRole('img', { name: `QR code for ${site.url.replace('http://', '')}/s/${code}` }).waitFor();
    expect(await page.getByTestId('session-link').textContent()).toBe(`${site.url.replace('http://', '')}/s/${code}`);
    await expect.poll(() => page.getByTestId('session-finished').textContent()).toBe('1');
    // A student joins on another phone: the count moves by itself.
    const res = await fetch(`${site.url}/api/v1/sessions/join`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ session: code, name: 'Ravi Kumar', rollNumber: 'CS-21-044' }),
    });
    expect(res.status).toBe(201);
    await expect.poll(() => page.getByTestId('session-joined').textContent(), { timeout: 10_000 }).toMatch(/^2/);
    // The report, downloaded with the member's token.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the report (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`class-profile-${code}.pdf`);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
  });

  describe('a trainer at the projector', () => {
    const TRAINER = { email: `trainer-${unique()}@example.in`, password: 'a long trainer password' };
    // Made by the first test that needs it (joinTeam polls the mail: only inside a test).
    let made: Promise<string> | undefined;
    const trainerSession = () =>
      (made ??= (async () => {
        await joinTeam(site, site.peer, token, TRAINER, 'Tara Trainer', 'trainer');
        const created = await apiCall<SessionCreated>(site, await apiLogin(site, TRAINER), 'POST', SESSION_PATHS.admin, {
          organisation: 'St. Xavier’s College, Mumbai',
          date: '2026-11-27',
          language: 'english',
        });
        expect(created.status).toBe(201);
        return created.body.code;
      })());

    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ] as const) {
      it(`at ${width} px: the date as people write it, the under-5 rule where the figures would be, a full-screen view, and no word of live leads`, async () => {
        const trainerCode = await trainerSession();
        const { page, errors } = await site.page({ viewport: { width, height } });
        await consoleLogin(site, page, TRAINER, '**/admin');
        // Through the console's own links: the page is opened as a trainer opens it (on a phone, the Menu first).
        if (width < 860) await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('link', { name: 'Sessions', exact: true }).click();
        await page.getByRole('link', { name: 'St. Xavier’s College, Mumbai' }).click();
        await page.waitForURL(`**/admin/sessions/${trainerCode}`);
        const projector = page.locator('.session-projector');
        await projector.waitFor();
        expect(await projector.locator('.session-projector__org').innerText()).toBe('St. Xavier’s College, Mumbai · 27 Nov 2026');
        expect(await projector.innerText()).toContain('Figures appear once 5 have finished, so no one student can be singled out.');
        expect(await page.getByText(/Live: new leads appear/).count()).toBe(0);
        await page.getByRole('button', { name: 'Full screen for the projector' }).click();
        await expect.poll(() => page.evaluate(() => document.fullscreenElement?.className ?? null)).toBe('session-projector');
        await page.getByRole('button', { name: 'Leave full screen' }).click();
        await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBe(null);
        expect(errors).toEqual([]);
      });
    }
  });

  for (const [width, height] of [
    [390, 844],
    [1366, 768],
  ] as const) {
    it(`at ${width} px: a student with a roll number only joins in the session's language, takes the test with no chat button over it, and gets the certificate's link and QR code on the phone, with no word of email`, async () => {
      const phone = width < 500;
      // The join page says when the phone is ready to take the whole test offline: the worker's precache.
      const { page, errors } = await site.page({ viewport: { width, height }, isMobile: phone, hasTouch: phone, ...WITH_SERVICE_WORKER });
      await gotoLive(page, `${site.url}/s/${code}`);
      // The join page is Hinglish, as the session is.
      // (waited for: the page shows the session once its details have loaded)
      await page.locator('[lang="hi-Latn"]').first().waitFor();
      await page.locator(`[data-testid="offline-ready"]:has-text("${HINGLISH.ready}")`).waitFor({ timeout: 30_000 });
      const chat = page.getByRole('link', { name: /Chat with us on WhatsApp/ });
      expect(await chat.count()).toBe(0);
      await fillFields(page, { [HINGLISH.nameLabel]: `Roll Student ${width}`, [HINGLISH.rollLabel]: `RN-${width}-${unique()}` });
      await page.getByRole('button', { name: HINGLISH.join }).click();
      await quiz(page).waitFor();
      expect(await chat.count()).toBe(0);
      await takeHinglishTest(page);
      const done = page.getByTestId('session-done');
      await page.locator('[data-testid="session-delivery"][data-pending="0"]').waitFor({ timeout: 30_000 });
      expect(await done.getByRole('heading', { level: 2 }).innerText()).toBe(HINGLISH.thanks);
      const link = page.getByTestId('session-certificate-link');
      await link.waitFor();
      expect(await link.isVisible()).toBe(true);
      const href = (await link.getAttribute('href'))!;
      const id = /\/certificate\/([0-9a-f]{32})$/.exec(href)![1];
      const qr = done.getByRole('img', { name: /^QR code for http.*\/certificate\/[0-9a-f]{32}$/ });
      expect(await qr.isVisible()).toBe(true);
      const box = (await qr.boundingBox())!;
      expect(box.width).toBeGreaterThan(150);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      const certificate = await (await fetch(`${site.url}/api/v1/certificates/${id}`)).json();
      expect(certificate).toMatchObject({ name: `Roll Student ${width}`, organisation: 'Government Polytechnic, Nagpur' });
      // No word of email on the thank-you or in any message shown: none was given.
      expect((await done.innerText()).toLowerCase()).not.toContain('email');
      for (const message of await page.getByRole('status').allInnerTexts()) expect(message.toLowerCase()).not.toContain('email');
      expect(await chat.count()).toBe(0);
      expect(errors).toEqual([]);
    });
  }

  it("creates a session from the console's form, and its contact becomes the organisation's enquiry for the desk", async () => {
    const { page } = await site.page();
    await consoleLogin(site, page, TEST_ADMIN);
    await page.goto(`${site.url}/admin/sessions`);
    const form = page.getByRole('form', { name: 'New session' });
    await fillFields(form, {
      Organisation: "St. Mary's School",
      City: 'Pune',
      'Contact name': 'Sunita Deshmukh',
      'Contact email': `placement-${unique()}@stmarys.example.in`,
      'Contact phone': '9822012345',
    });
    await form.getByLabel('Class').selectOption('school');
    await form.getByRole('button', { name: 'Create session' }).click();
    await page.waitForURL(/\/admin\/sessions\/[A-Z0-9]{6}$/);
    await page.getByRole('link', { name: "Open the organisation's enquiry" }).click();
    await page.waitForURL(/\/admin\/need-help\?open=/);
    await page.getByRole('dialog').getByText('Sunita Deshmukh').first().waitFor();
  });

  it('works where the page is not a secure context (a relay on the hall’s hotspot): the outbox delivers the join and the test', async () => {
    const browser = await launchBrowser([`--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`]);
    try {
      const { page, errors } = await openPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const lanUrl = site.url.replace('127.0.0.1', LAN_HOST);
      const before = await sessionNow();
      await gotoLive(page, `${lanUrl}/s/${code}`);
      expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
      await page.locator('[data-testid="offline-ready"][data-state="unsupported"]').waitFor();
      await fillFields(page, {
        [HINGLISH.nameLabel]: 'Kavya Nair',
        [HINGLISH.rollLabel]: 'ME-22-017',
      });
      await page.getByRole('button', { name: HINGLISH.join }).click();
      await takeHinglishTest(page);
      await page.locator('[data-testid="session-delivery"][data-pending="0"]').waitFor({ timeout: 30_000 });
      await expect
        .poll(async () => [(await sessionNow()).joined, (await sessionNow()).finished], { timeout: 20_000 })
        .toEqual([before.joined + 1, before.finished + 1]);
      // Chromium says the security headers' COOP is ignored on a plain-http origin: true, and harmless here.
      expect(errors.filter((e) => !e.includes('Cross-Origin-Opener-Policy header has been ignored'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('lets an admin make a relay key in the console, shown once, and revoke it', async () => {
    const { page } = await site.page();
    await consoleLogin(site, page, TEST_ADMIN);
    await page.goto(`${site.url}/admin/sessions`);
    const form = page.getByRole('form', { name: 'New relay key' });
    await form.getByLabel('Relay (trainer or laptop)').fill('Hall laptop');
    await form.getByRole('button', { name: 'Make a relay key' }).click();
    const shown = await page.getByTestId('relay-key').textContent();
    const key = /RELAY_KEY=(rk_[A-Za-z0-9_-]{43})/.exec(shown ?? '')?.[1];
    expect(key, shown ?? '').toBeDefined();
    const deliver = () =>
      fetch(`${site.url}/api/v1/sync`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Relay-Key': key! },
        body: JSON.stringify([
          {
            key: crypto.randomUUID(),
            path: '/api/v1/sessions/join',
            body: { session: code, name: 'Relay Student', rollNumber: `R-${unique()}` },
          },
        ]),
      });
    expect((await deliver()).status).toBe(200);
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Hall laptop').filter({ hasText: 'revoked' }).waitFor();
    expect((await deliver()).status).toBe(401);
  });
});
