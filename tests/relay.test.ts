// The relay as two real processes (issue 23 part 4), from the production build: an upstream
// (with an SMTP peer) and a relay on its own embedded database in a folder, reaching the
// upstream through a TCP proxy the test takes down and brings back. The relay copies the
// session while the upstream answers; then, with the upstream down, 40 students join and
// take the test on the relay (each answered at once); the relay is killed with SIGKILL and
// started again on its folder; the upstream comes back and, within 60 s, holds all 40
// participants and their tests exactly once, and mails 40 certificates (one each); the
// relay sent none. (A batch stored upstream whose answer is lost, and sent again, is in
// api/relay/forwarder.test.ts.)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../api/testing/smtp.ts';
import { LEAD_PATHS } from '../contract/lead-kinds.ts';
import { QUIZ_ITEM_IDS } from '../contract/quiz/items.ts';
import { RELAY_PATHS, type RelayKeyCreated, type RelayStatus } from '../contract/relay.ts';
import { SESSION_PATHS, type ClassroomSession, type SessionCreated } from '../contract/sessions.ts';
import { adminEnv, apiCall, apiLogin, TEST_ADMIN } from './support/console.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

const STUDENTS = 40;
const answers = (seed: number) => Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, (i * 3 + seed) % 4]));

describe('a relay with the upstream down for the whole session', () => {
  let peer: SmtpPeer;
  let upstream: RunningServer;
  let proxy: TcpProxy;
  let relay: RunningServer;
  let relayDir: string;
  let relayEnv: Record<string, string>;
  let code: string;
  let upstreamToken: string;

  beforeAll(async () => {
    peer = await startSmtpPeer();
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
      // Were it to send mail, it would land at the same peer.
      SMTP_URL: peer.url,
      ...adminEnv(),
    };
    relay = await startServer({ postgres: false, env: relayEnv });
  });
  afterAll(async () => {
    await relay?.stop();
    await proxy?.close();
    await upstream?.stop();
    await peer?.close();
    if (relayDir) await rm(relayDir, { recursive: true, force: true });
  });

  const post = (path: string, body: object) =>
    fetch(relay.url + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify(body),
    });
  const upstreamSession = async () =>
    (await apiCall<{ session: ClassroomSession }>({ url: upstream.url }, upstreamToken, 'GET', `${SESSION_PATHS.admin}/${code}`)).body
      .session;

  it('takes the class with no upstream, survives SIGKILL, and delivers each student exactly once when the upstream returns', async () => {
    // While the laptop still has a connection, the session is opened on it once: it keeps a copy.
    expect((await fetch(`${relay.url}${SESSION_PATHS.public}/${code}`)).status).toBe(200);
    await proxy.down();

    const emails = Array.from({ length: STUDENTS }, (_, i) => `hall${i}-${Date.now()}@college.example.in`);
    await Promise.all(
      emails.map(async (email, i) => {
        const who = { name: `Hall Student ${i}`, email };
        expect((await post(LEAD_PATHS.sessionJoin, { session: code, ...who })).status).toBe(201);
        expect((await post(LEAD_PATHS.quizAnswers, { ...who, answers: answers(i), language: 'english', session: code })).status).toBe(201);
      }),
    );
    const relayToken = await apiLogin({ url: relay.url }, TEST_ADMIN);
    const local = (await apiCall<{ session: ClassroomSession }>({ url: relay.url }, relayToken, 'GET', `${SESSION_PATHS.admin}/${code}`))
      .body;
    expect([local.session.joined, local.session.finished]).toEqual([STUDENTS, STUDENTS]);
    expect((await apiCall<RelayStatus>({ url: relay.url }, relayToken, 'GET', RELAY_PATHS.status)).body.waiting).toBe(2 * STUDENTS);

    // The laptop dies and starts again on its folder: nothing is lost.
    relay.process.kill('SIGKILL');
    await new Promise((resolve) => relay.process.once('exit', resolve));
    relay = await startServer({ postgres: false, env: relayEnv });

    const back = Date.now();
    await proxy.up();
    await expect
      .poll(
        async () => {
          const s = await upstreamSession();
          return [s.joined, s.finished];
        },
        { timeout: 60_000, interval: 500 },
      )
      .toEqual([STUDENTS, STUDENTS]);
    expect(Date.now() - back).toBeLessThan(60_000);
    const relayToken2 = await apiLogin({ url: relay.url }, TEST_ADMIN);
    await expect
      .poll(async () => (await apiCall<RelayStatus>({ url: relay.url }, relayToken2, 'GET', RELAY_PATHS.status)).body, { timeout: 20_000 })
      .toMatchObject({ waiting: 0, forwarded: 2 * STUDENTS, failed: 0 });
    // One certificate each, from the upstream.
    await expect.poll(() => emails.filter((e) => peer.received.some((m) => m.to.includes(e))).length, { timeout: 60_000 }).toBe(STUDENTS);
    for (const email of emails) expect(peer.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    // Exactly once upstream: the people lookup finds one test per student.
    const people = await apiCall<{ data: Array<{ kind: string }> }>(
      { url: upstream.url },
      upstreamToken,
      'GET',
      `/api/admin/people?email=${encodeURIComponent(emails[0]!)}`,
    );
    expect(people.body.data.filter((s) => s.kind === 'test')).toHaveLength(1);
  });
});
