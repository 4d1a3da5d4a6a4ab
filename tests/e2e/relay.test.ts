// A classroom with no internet (issue 23, part 4): the product runs on a trainer's laptop as
// a relay (RELAY_UPSTREAM_URL, RELAY_KEY), 40 phones reach it by a LAN name that is not
// localhost (so no secure context: no service worker, no Web Locks), sign up and take the
// whole test with the upstream down the whole time, a few on a slow link and a few whose
// first tries fail. Every phone finishes. Then the upstream starts: within 60 s it holds
// every student and their answers exactly once and mails 40 certificates (one each, to a
// real SMTP peer); the relay mailed none. The relay is SIGKILLed in the middle of
// forwarding and restarted on its data: nothing lost, nothing twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../api/testing/smtp.ts';
import { QUIZ_ITEM_COUNT } from '../../contract/quiz/items.ts';
import { QUIZ_OPTIONS } from '../../contract/quiz/options.ts';
import { RELAY_PATHS, type RelayKeyCreated, type RelayStatus } from '../../contract/relay.ts';
import { launchBrowser } from '../support/browser.ts';
import { adminEnv, apiCall, apiLogin, TEST_ADMIN } from '../support/console.ts';
import { readOutbox } from '../support/outbox.ts';
import { freePort, startServer, type RunningServer } from '../support/server.ts';

// The class of 40; RELAY_E2E_STUDENTS=8 for a quick look while changing this file.
const STUDENTS = Number(process.env.RELAY_E2E_STUDENTS ?? 40);
/** Phones that take the test at once (the rest wait their turn, as a hall's Wi-Fi would queue them). */
const AT_ONCE = 8;
const LAN_NAME = 'classroom.local';

let peer: SmtpPeer;
let browser: Browser;
let upstream: RunningServer | undefined;
let relay: RunningServer | undefined;
let upstreamPort: number;
let relayPort: number;
const dirs: string[] = [];
const dataDir = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `relay-e2e-${name}-`));
  dirs.push(dir);
  return dir;
};
let upstreamData: string;
let relayData: string;
let relayKey: string;

const upstreamEnv = () => ({
  ...adminEnv(),
  DATA_DIR: upstreamData,
  SMTP_URL: peer.url,
  PUBLIC_URL: `http://127.0.0.1:${upstreamPort}`,
});
const startUpstream = () => startServer({ postgres: false, port: upstreamPort, env: upstreamEnv() });
const startRelay = () =>
  startServer({
    postgres: false,
    port: relayPort,
    env: {
      ...adminEnv(),
      DATA_DIR: relayData,
      RELAY_UPSTREAM_URL: `http://127.0.0.1:${upstreamPort}`,
      RELAY_KEY: relayKey,
      // Small deliveries, so a kill lands in the middle of forwarding.
      RELAY_BATCH_SIZE: '10',
    },
  });

beforeAll(async () => {
  [peer, browser, upstreamPort, relayPort] = await Promise.all([
    startSmtpPeer(),
    launchBrowser([`--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1`]),
    freePort(),
    freePort(),
  ]);
  upstreamData = dataDir('upstream');
  relayData = dataDir('relay');
  // Before the session, online: an admin makes the laptop's key; then the upstream goes away.
  upstream = await startUpstream();
  const token = await apiLogin(upstream, TEST_ADMIN);
  const made = await apiCall<RelayKeyCreated>(upstream, token, 'POST', RELAY_PATHS.keys, { name: 'Trainer laptop' });
  expect(made.status).toBe(201);
  relayKey = made.body.key;
  await upstream.stop();
  upstream = undefined;
  relay = await startRelay();
});

afterAll(async () => {
  await browser?.close();
  await relay?.stop();
  await upstream?.stop();
  await peer?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const relayUrl = () => `http://${LAN_NAME}:${relayPort}`;
const student = (i: number) => ({
  name: `Student ${i + 1}`,
  email: `student${i + 1}@college.example.in`,
  phone: `97${String(10_000_000 + i).slice(-8)}`,
});
type Link = 'normal' | 'slow' | 'failing';
const linkOf = (i: number): Link => (i % 10 === 3 ? 'slow' : i % 10 === 7 ? 'failing' : 'normal');

/** A slow link: every request waits 400 ms each way (Chromium's network emulation). */
async function slowLink(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 50_000,
    uploadThroughput: 20_000,
  });
}

/** A failing link: the first try of each submission never reaches the relay (the outbox tries again). */
async function failingLink(page: Page): Promise<void> {
  const failed = new Set<string>();
  await page.route('**/api/v1/**', async (route) => {
    const key = `${route.request().method()} ${new URL(route.request().url()).pathname}`;
    if (route.request().method() === 'POST' && !failed.has(key)) {
      failed.add(key);
      return route.abort('connectionfailed');
    }
    return route.continue();
  });
}

/** One phone: signs up on the relay, takes the whole English test, submits; done when its outbox has sent everything. */
async function takeTheTest(i: number): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    if (linkOf(i) === 'slow') await slowLink(page);
    if (linkOf(i) === 'failing') await failingLink(page);
    const me = student(i);
    await page.clock.install();
    await page.goto(`${relayUrl()}/signup`);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    await page.getByLabel('Full name', { exact: true }).fill(me.name);
    await page.getByLabel('Phone', { exact: true }).fill(me.phone);
    await page.getByLabel('Email', { exact: true }).fill(me.email);
    await page.getByLabel('Password', { exact: true }).fill('secret12');
    await page.getByLabel('I am 18 or older').check();
    await page.getByRole('button', { name: 'Start the test' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Form submitted successfully!|Saved on this device/ })
      .first()
      .waitFor();
    await page.clock.runFor(1000);
    await page.waitForURL(`${relayUrl()}/personality/english-test`);
    for (let q = 0; q < QUIZ_ITEM_COUNT; q++) {
      await page.locator(`[data-testid="quiz"][data-index="${q}"]`).waitFor();
      await page.getByRole('radio', { name: QUIZ_OPTIONS.english[(q + i) % 4], exact: true }).check();
      if (q < QUIZ_ITEM_COUNT - 1) await page.getByRole('button', { name: 'Next', exact: true }).click();
    }
    await page.clock.resume();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    // Finished: everything this phone submitted has reached the relay.
    await expect
      .poll(
        async () => {
          const items = await readOutbox(page);
          return items.length >= 2 && items.every((o) => o.state === 'sent');
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  } finally {
    await context.close();
  }
}

async function relayStatus(): Promise<Extract<RelayStatus, { relay: true }>> {
  const token = await apiLogin(relay!, TEST_ADMIN);
  const res = await apiCall<RelayStatus>(relay!, token, 'GET', RELAY_PATHS.status);
  if (!res.body.relay) throw new Error('not a relay');
  return res.body;
}

async function upstreamTotals(): Promise<{ students: number; tests: number }> {
  const token = await apiLogin(upstream!, TEST_ADMIN);
  const count = async (p: string) => {
    const res = await fetch(`${upstream!.url}${p}?limit=1`, { headers: { Authorization: `Bearer ${token}` } });
    return Number(res.headers.get('x-total-count'));
  };
  return { students: await count('/api/v1/quiz/users'), tests: Number((await upstreamTests(token)).length) };
}

async function upstreamTests(token: string) {
  const res = await apiCall<{ data: Array<{ email: string; scores?: unknown; certificateId?: string }> }>(
    upstream!,
    token,
    'GET',
    '/api/v1/quiz/users?limit=500',
  );
  return res.body.data.filter((u) => u.certificateId);
}

describe('a session on a relay with no internet', () => {
  it('every phone finishes with the upstream down; then the upstream gets each once, mails 40 certificates, and the relay mailed none, through a SIGKILL', async () => {
    const order = Array.from({ length: STUDENTS }, (_, i) => i);
    for (let start = 0; start < STUDENTS; start += AT_ONCE) {
      await Promise.all(order.slice(start, start + AT_ONCE).map((i) => takeTheTest(i)));
    }
    const before = await relayStatus();
    expect(before.waiting).toBe(STUDENTS * 2);
    expect(before.forwarded).toBe(0);
    expect(before.lastError).not.toBeNull();

    // The upstream comes back; the relay is killed while it forwards, and restarted on its data.
    const back = Date.now();
    upstream = await startUpstream();
    await expect.poll(() => upstream!.output().includes('POST /api/v1/sync'), { timeout: 60_000, interval: 20 }).toBe(true);
    relay!.process.kill('SIGKILL');
    await new Promise((resolve) => relay!.process.once('exit', resolve));
    relay = await startRelay();

    await expect.poll(upstreamTotals, { timeout: 60_000 }).toEqual({ students: STUDENTS, tests: STUDENTS });
    await expect.poll(() => peer.received.length, { timeout: 60_000 - (Date.now() - back) }).toBe(STUDENTS);
    expect(Date.now() - back).toBeLessThan(60_000);
    // One certificate each, to each student.
    const to = peer.received.map((m) => m.to.join(',')).sort();
    expect(to).toEqual(order.map((i) => student(i).email).sort());
    // The relay has everything delivered and sent no mail; and no certificate came twice.
    await expect.poll(async () => (await relayStatus()).waiting).toBe(0);
    expect(peer.received).toHaveLength(STUDENTS);
    const token = await apiLogin(relay!, TEST_ADMIN);
    const mail = await apiCall<{ data: unknown[] }>(relay!, token, 'GET', '/api/admin/mail');
    expect(mail.body.data).toEqual([]);
    // 40 phones answering 30 questions each through a browser on a 2-core machine.
  }, 480_000);
});
