// A classroom with no internet at all, in the browser, from the production
// build: an upstream (with an SMTP peer) and a relay on its own embedded database in a folder,
// reaching the upstream through a TCP proxy the test takes down and brings back. The relay
// copies the session while the upstream answers; then, with the upstream away for the whole
// session, 40 phones (browser contexts) open /s/{code} on the relay by a LAN name that is not
// localhost (so not a secure context: no service worker, no Web Locks), a few on a slow link
// and a few whose first tries fail, join and take the whole test. Every phone finishes. Then
// the upstream comes back: it stores the class while its answers to the relay are lost, the
// relay is killed with SIGKILL in that gap (mid-forwarding) and started again on its folder,
// sends again and is answered with replays. Within 60 s the upstream holds all 40
// participants and their tests exactly once and has mailed 40 certificates (one each); the
// relay mailed none (it uses the same SMTP peer, so a mail from it would be counted).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../api/testing/smtp.ts';
import { QUIZ_ITEM_COUNT } from '../contract/quiz/items.ts';
import { QUIZ_OPTIONS } from '../contract/quiz/options.ts';
import { RELAY_PATHS, type RelayKeyCreated, type RelayStatus } from '../contract/relay.ts';
import { SESSION_PATHS, type ClassroomSession, type SessionCreated, type SessionReport } from '../contract/sessions.ts';
import { launchBrowser } from './support/browser.ts';
import { adminEnv, apiCall, apiLogin, storedLeads, TEST_ADMIN } from './support/console.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

const STUDENTS = 40;
/** Phones answering at once: the whole class joins, but a 2-core machine draws ten pages at a time. */
const AT_ONCE = 10;
/** The laptop's name on the hall's hotspot, mapped to 127.0.0.1 inside Chromium. */
const LAN_NAME = 'trainer-laptop.hall.test';

type Link = 'normal' | 'slow' | 'failing';
const linkOf = (i: number): Link => (i % 10 === 3 ? 'slow' : i % 10 === 7 ? 'failing' : 'normal');
const studentOf = (i: number) => ({ name: `Hall Student ${i + 1}`, email: `hall-student-${i + 1}@college.example.in` });

/** A slow link: 400 ms each way and a thin pipe (Chromium's network emulation). */
async function slowLink(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 60_000,
    uploadThroughput: 20_000,
  });
}

/** A failing link: the first try of every submission never reaches the relay (the outbox must try again). */
async function failingLink(page: Page): Promise<void> {
  const failed = new Set<string>();
  await page.route('**/api/v1/**', async (route) => {
    const request = route.request();
    const key = `${request.method()} ${new URL(request.url()).pathname}`;
    if (request.method() === 'POST' && !failed.has(key)) {
      failed.add(key);
      return route.abort('connectionfailed');
    }
    return route.continue();
  });
}

/**
 * Runs in the page: answers statements 2 to `count` with the option labelled
 * `labels[(q + shift) % 4]`, each with a click on its radio button and then on Next once the
 * page has enabled it, waiting for each statement to be shown. Leaves the last one answered.
 */
async function answerTheRest({ count, labels, shift }: { count: number; labels: readonly string[]; shift: number }): Promise<void> {
  const shown = (selector: string) =>
    new Promise<HTMLElement>((resolve, reject) => {
      const started = performance.now();
      const look = () => {
        const found = document.querySelector<HTMLElement>(selector);
        if (found) resolve(found);
        else if (performance.now() - started > 30_000) reject(new Error(`not shown: ${selector}`));
        else requestAnimationFrame(look);
      };
      look();
    });
  for (let q = 0; q < count; q++) {
    const card = await shown(`[data-testid="quiz"][data-index="${q}"]`);
    if (q > 0) {
      const option = [...card.querySelectorAll('label')].find((label) => label.lastElementChild?.textContent === labels[(q + shift) % 4]);
      if (!option) throw new Error(`no option ${labels[(q + shift) % 4]} at statement ${q + 1}`);
      option.querySelector('input')!.click();
    }
    if (q === count - 1) break;
    const next = await shown(`[data-testid="quiz"][data-index="${q}"] .quiz__nav .btn--primary:enabled`);
    next.click();
  }
}

describe('a session on a relay with the upstream away for all of it', () => {
  let peer: SmtpPeer;
  let browser: Browser;
  let upstream: RunningServer;
  let proxy: TcpProxy;
  let relay: RunningServer;
  let relayDir: string;
  let relayEnv: Record<string, string>;
  let code: string;
  let upstreamToken: string;

  beforeAll(async () => {
    [peer, browser] = await Promise.all([startSmtpPeer(), launchBrowser([`--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1`])]);
    upstream = await startServer({ env: (port) => ({ SMTP_URL: peer.url, PUBLIC_URL: `http://127.0.0.1:${port}`, ...adminEnv() }) });
    proxy = await startTcpProxy('127.0.0.1', upstream.port);
    upstreamToken = await apiLogin({ url: upstream.url }, TEST_ADMIN);
    const key = (await apiCall<RelayKeyCreated>({ url: upstream.url }, upstreamToken, 'POST', RELAY_PATHS.keys, { name: 'Hall laptop' }))
      .body.key;
    const created = await apiCall<SessionCreated>({ url: upstream.url }, upstreamToken, 'POST', SESSION_PATHS.admin, {
      organisation: 'Hall College',
      date: '2026-12-03',
      language: 'english',
    });
    code = created.body.code;
    relayDir = await mkdtemp(path.join(tmpdir(), 'relay-'));
    relayEnv = {
      DATA_DIR: relayDir,
      RELAY_UPSTREAM_URL: `http://127.0.0.1:${proxy.port}`,
      RELAY_KEY: key,
      // Were it to send mail, it would land at the same peer and be counted.
      SMTP_URL: peer.url,
      ...adminEnv(),
    };
    relay = await startServer({ postgres: false, env: relayEnv });
  });
  afterAll(async () => {
    await browser?.close();
    await relay?.stop();
    await proxy?.close();
    await upstream?.stop();
    await peer?.close();
    if (relayDir) await rm(relayDir, { recursive: true, force: true });
  });

  const relayOnLan = () => relay.url.replace('127.0.0.1', LAN_NAME);
  const sessionOn = async (server: RunningServer, token: string) =>
    (await apiCall<{ session: ClassroomSession }>({ url: server.url }, token, 'GET', `${SESSION_PATHS.admin}/${code}`)).body.session;
  const reportOn = async (server: RunningServer, token: string) =>
    (await apiCall<SessionReport>({ url: server.url }, token, 'GET', `${SESSION_PATHS.admin}/${code}/report`)).body;
  // One login per relay process (the poll below asks every 250 ms; a login each time is scrypt each time).
  const relayTokens = new WeakMap<RunningServer, Promise<string>>();
  const relayToken = () => {
    if (!relayTokens.has(relay)) relayTokens.set(relay, apiLogin({ url: relay.url }, TEST_ADMIN));
    return relayTokens.get(relay)!;
  };
  const relayStatus = async () => {
    const token = await relayToken();
    return (await apiCall<RelayStatus>({ url: relay.url }, token, 'GET', RELAY_PATHS.status)).body;
  };

  /** One phone: opens the session on the relay, joins, takes the whole test; done when the relay has everything it sent. */
  async function takeTheTest(i: number): Promise<void> {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      if (linkOf(i) === 'slow') await slowLink(page);
      if (linkOf(i) === 'failing') await failingLink(page);
      const me = studentOf(i);
      await page.goto(`${relayOnLan()}/s/${code}`);
      expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
      await page.getByLabel('Your name (as it should appear on your certificate)').fill(me.name);
      await page.getByLabel('Email', { exact: true }).fill(me.email);
      await page.getByRole('button', { name: 'Join and start the test' }).click();
      // The first answer as a person gives it; the other 29 by clicks inside the page (one
      // round trip to Chromium instead of ninety per phone, ten phones at once on two cores).
      await page.locator('[data-testid="quiz"][data-index="0"]').waitFor();
      await page.getByRole('radio', { name: QUIZ_OPTIONS.english[i % 4], exact: true }).check();
      await page.evaluate(answerTheRest, { count: QUIZ_ITEM_COUNT, labels: QUIZ_OPTIONS.english, shift: i });
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      // Finished: the phone says its answers have gone (to the relay, the only network there is).
      await page.locator('[data-testid="session-delivery"][data-pending="0"]').waitFor({ timeout: 60_000 });
    } finally {
      await context.close();
    }
  }

  it('every phone finishes with no upstream; the upstream then gets each once and mails 40 certificates within 60 s, through a SIGKILL mid-forwarding', async () => {
    // Before the hall, while the laptop is online, the session is opened on it once: it keeps a copy.
    expect((await fetch(`${relay.url}${SESSION_PATHS.public}/${code}`)).status).toBe(200);
    await proxy.down();

    const started = Date.now();
    // AT_ONCE phones at a time, the next joining as soon as one is done (in waves of ten, each
    // wave waited for its slowest phone, the one on the slow link).
    let next = 0;
    const phone = async (): Promise<void> => {
      while (next < STUDENTS) await takeTheTest(next++);
    };
    await Promise.all(Array.from({ length: AT_ONCE }, phone));
    const phonesDone = Date.now();
    // The trainer sees the class on the relay; everything waits for the upstream, nothing was mailed.
    const local = await sessionOn(relay, await relayToken());
    expect([local.joined, local.finished]).toEqual([STUDENTS, STUDENTS]);
    const relayReport = await reportOn(relay, await relayToken());
    expect(relayReport.domains).not.toBeNull();
    expect(await relayStatus()).toMatchObject({ waiting: 2 * STUDENTS, forwarded: 0 });
    expect((await sessionOn(upstream, upstreamToken)).joined).toBe(0);
    expect(peer.received).toHaveLength(0);

    // The upstream is reachable again, but its answers to the relay are lost: it stores the
    // class while the relay hears nothing, and the relay is killed in that gap.
    const back = Date.now();
    await proxy.up({ dropReplies: true });
    await expect
      .poll(
        async () => {
          const s = await sessionOn(upstream, upstreamToken);
          return [s.joined, s.finished];
        },
        { timeout: 45_000, interval: 250 },
      )
      .toEqual([STUDENTS, STUDENTS]);
    const stored = Date.now();
    expect((await relayStatus()).forwarded).toBe(0);
    relay.process.kill('SIGKILL');
    await new Promise((resolve) => relay.process.once('exit', resolve));
    await proxy.down();
    await proxy.up();
    relay = await startServer({ postgres: false, env: relayEnv });

    // The restarted relay sends everything again and is answered with replays: nothing lost, nothing twice.
    await expect.poll(relayStatus, { timeout: 30_000, interval: 250 }).toMatchObject({ waiting: 0, forwarded: 2 * STUDENTS, failed: 0 });
    const emails = Array.from({ length: STUDENTS }, (_, i) => studentOf(i).email);
    await expect
      .poll(() => emails.filter((e) => peer.received.some((m) => m.to.includes(e))).length, { timeout: 60_000 - (Date.now() - back) })
      .toBe(STUDENTS);
    const mailed = Date.now();
    expect(mailed - back).toBeLessThan(60_000);
    console.log(
      `relay: ${STUDENTS} phones took the test in ${((phonesDone - started) / 1000).toFixed(1)} s; the upstream held the class ` +
        `${((stored - back) / 1000).toFixed(1)} s after it came back, and had mailed every certificate after ${((mailed - back) / 1000).toFixed(1)} s`,
    );
    const upstreamNow = await sessionOn(upstream, upstreamToken);
    expect([upstreamNow.joined, upstreamNow.finished]).toEqual([STUDENTS, STUDENTS]);
    // One certificate each, from the upstream; the relay (same peer) sent none.
    expect(peer.received).toHaveLength(STUDENTS);
    for (const email of emails) expect(peer.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    // The answers arrived as the phones gave them: the college's report upstream is the one the trainer saw on the relay.
    expect(await reportOn(upstream, upstreamToken)).toEqual(relayReport);
    // Exactly once upstream: each student has one test.
    const leads = storedLeads({ url: upstream.url });
    for (const i of [0, 3, 7, STUDENTS - 1]) {
      const tests = (await leads.of(studentOf(i).email)).filter((s) => s.kind === 'test');
      expect(tests, studentOf(i).email).toHaveLength(1);
    }
  }, 600_000);
});
