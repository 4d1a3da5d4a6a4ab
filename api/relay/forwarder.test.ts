// The relay: a relay stores every submission first and answers the phone
// at once (with the upstream down), sends no mail, and forwards each submission upstream
// exactly once with its own Idempotency-Key through the batch endpoint, under faults: the
// upstream away, a 503 for a whole batch, and a batch stored upstream whose answer is lost
// (as when the relay is killed between sending and marking), which is sent again and
// answered as replays. A submission the upstream refuses for good is failed with its reason,
// shown by GET /api/admin/relay. Two databases (relay and upstream) on PGlite, and Postgres
// when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { QUIZ_ITEM_IDS } from '../../contract/quiz/items.ts';
import type { QuizOptionIndex } from '../../contract/quiz/options.ts';
import { RELAY_MESSAGES, RELAY_PATHS, type RelayStatus } from '../../contract/relay.ts';
import type { QuizAnswersResponse } from '../../contract/quiz/api.ts';
import { certificateUrl } from '../certificate/store.ts';
import { loadConfig } from '../config.ts';
import { memberToken } from '../testing/admin.ts';
import { fakeClock } from '../testing/clock.ts';
import { LEAD_SAMPLES } from '../testing/lead-samples.ts';
import { postJson, testApp } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { createRelayKey } from './keys.ts';
import { startForwarder, type Forwarder } from './forwarder.ts';

const answers = (seed: number) => Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, ((i + seed) % 4) as QuizOptionIndex]));
const count = async (db: TestDatabase, table: 'quiz_submissions' | 'session_participants' | 'mail_queue') =>
  Number(
    (
      await db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(testBackends())('the relay on $name', (backend) => {
  let upstream: TestDatabase;
  let relay: TestDatabase;
  let upstreamApp: ReturnType<typeof testApp>['app'];
  let relayApp: ReturnType<typeof testApp>['app'];
  let forwarder: Forwarder | undefined;
  let trainer: string;
  let relayKey: string;
  // What each phone was shown on the relay: its certificate's link.
  const shownCertificates: string[] = [];
  // The upstream as the relay reaches it: down, failing, or losing its answers on demand.
  const faults = { down: true, batch503: 0, loseAnswer: 0, calls: 0 };

  beforeAll(async () => {
    [upstream, relay] = await Promise.all([backend.create(), backend.create()]);
    upstreamApp = testApp(upstream).app;
    const admin = await memberToken(upstream.db, 'admin@upstream.example.in', 'admin');
    relayKey = (await createRelayKey(upstream.db, 'Hall laptop', admin.id)).key;
    relayApp = testApp(
      relay,
      { relay: { upstreamUrl: 'http://upstream.test', key: relayKey } },
      {
        wakeRelay: () => forwarder?.wake(),
        // The upstream's public session endpoint, as the relay reaches it.
        relayFetch: (input, init) => Promise.resolve(upstreamApp.request(new URL(String(input)).pathname, init as RequestInit)),
      },
    ).app;
    trainer = (await memberToken(relay.db, 'trainer@relay.example.in', 'trainer')).token;
  });
  afterAll(async () => {
    await forwarder?.stop();
    await Promise.all([upstream?.dispose(), relay?.dispose()]);
  });

  const upstreamFetch: typeof fetch = async (input, init) => {
    faults.calls += 1;
    if (faults.down) throw new TypeError('fetch failed: connect ECONNREFUSED');
    if (faults.batch503 > 0) {
      faults.batch503 -= 1;
      return new Response('{"message":"Service unavailable"}', { status: 503, headers: { 'Content-Type': 'application/json' } });
    }
    const url = new URL(String(input));
    const answer = await upstreamApp.request(url.pathname, init as RequestInit);
    if (faults.loseAnswer > 0) {
      faults.loseAnswer -= 1;
      throw new TypeError('fetch failed: socket hang up');
    }
    return answer;
  };
  const status = async () =>
    (await (await relayApp.request(RELAY_PATHS.status, { headers: { Authorization: `Bearer ${trainer}` } })).json()) as RelayStatus;

  it('takes a class’s submissions at once with the upstream down, queues each once, and sends no mail', async () => {
    for (let i = 0; i < 6; i++) {
      const who = { name: `Student ${i}`, email: `student${i}@college.example.in` };
      const joinKey = crypto.randomUUID();
      const join = { session: 'ACDEFG', ...who, phone: '9876543210' };
      expect((await postJson(relayApp, LEAD_PATHS.sessionJoin, join, { 'Idempotency-Key': joinKey })).status).toBe(201);
      // A phone that did not hear the first answer sends the same again.
      if (i === 0) expect((await postJson(relayApp, LEAD_PATHS.sessionJoin, join, { 'Idempotency-Key': joinKey })).status).toBe(201);
      const test = { ...who, answers: answers(i), language: 'english', session: 'ACDEFG' };
      const taken = await postJson(relayApp, LEAD_PATHS.quizAnswers, test, { 'Idempotency-Key': crypto.randomUUID() });
      expect(taken.status).toBe(201);
      shownCertificates.push(((await taken.json()) as QuizAnswersResponse).certificateUrl);
    }
    // Refused on the relay: not forwarded.
    expect((await postJson(relayApp, LEAD_PATHS.quizAnswers, { name: 'x' }, { 'Idempotency-Key': crypto.randomUUID() })).status).toBe(400);
    expect(await status()).toEqual({
      relay: true,
      upstream: 'http://upstream.test',
      waiting: 12,
      forwarded: 0,
      failed: 0,
      lastError: null,
      waitingReason: null,
    });
    expect(await count(relay, 'mail_queue')).toBe(0);
  });

  it('forwards each exactly once when the upstream comes back, through a 503 and a lost answer', async () => {
    forwarder = startForwarder({
      db: relay.db,
      upstreamUrl: 'http://upstream.test',
      key: relayKey,
      log: () => {},
      fetch: upstreamFetch,
      maxBackoffMs: 50,
    });
    await expect.poll(() => faults.calls, { timeout: 10_000 }).toBeGreaterThan(2);
    expect(await count(upstream, 'quiz_submissions')).toBe(0);
    // The upstream starts: the first batch gets a 503, the next is stored but its answer is lost.
    Object.assign(faults, { batch503: 1, loseAnswer: 1, down: false });
    forwarder.wake();
    await expect.poll(async () => (await status()).forwarded, { timeout: 20_000 }).toBe(12);
    expect(await status()).toMatchObject({ waiting: 0, failed: 0 });
    // Both faults happened: the lost answer's batch was sent again and answered as replays.
    expect([faults.batch503, faults.loseAnswer]).toEqual([0, 0]);
    expect(await count(upstream, 'quiz_submissions')).toBe(6);
    expect(await count(upstream, 'session_participants')).toBe(6);
    // The link each phone was shown on the relay is the certificate the upstream stores (the
    // same id, derived from the submission's key) at the upstream's address, not the laptop's.
    const stored = await upstream.db.selectFrom('quiz_submissions').select('certificate_id').execute();
    expect(shownCertificates.sort()).toEqual(stored.map((r) => certificateUrl('http://upstream.test', r.certificate_id)).sort());
    // The upstream mails each certificate once; the relay, none.
    const mails = await upstream.db.selectFrom('mail_queue').select('to_address').where('kind', '=', 'certificate').execute();
    expect(mails.map((m) => m.to_address).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `student${i}@college.example.in`));
    expect(await count(relay, 'mail_queue')).toBe(0);
    // Forwarded bodies are not kept on the laptop.
    const kept = await relay.db.selectFrom('relay_queue').select('body').where('body', 'is not', null).execute();
    expect(kept).toEqual([]);
  });

  it('fails a submission the upstream refuses for good, with its reason, and forwards the rest', async () => {
    await relay.db
      .insertInto('relay_queue')
      .values([
        { key: crypto.randomUUID(), path: LEAD_PATHS.quizAnswers, body: JSON.stringify({ name: 'Old Client', email: 'old@example.in' }) },
      ])
      .execute();
    const good = { name: 'Late Student', email: 'late@college.example.in', answers: answers(9), language: 'english', session: 'ACDEFG' };
    expect((await postJson(relayApp, LEAD_PATHS.quizAnswers, good, { 'Idempotency-Key': crypto.randomUUID() })).status).toBe(201);
    await expect.poll(async () => (await status()).waiting, { timeout: 20_000 }).toBe(0);
    expect(await status()).toMatchObject({ forwarded: 13, failed: 1, lastError: 'Please answer all 30 questions' });
    expect(await count(upstream, 'quiz_submissions')).toBe(7);
  });

  it('serves a session made upstream: copied the first time it is asked for, then counted on the relay', async () => {
    await upstream.db
      .insertInto('classroom_sessions')
      .values({ code: 'HJKMNP', organisation: 'Hall College', city: 'Nagpur', date: '2026-12-03', language: 'hinglish' })
      .execute();
    const res = await relayApp.request('/api/v1/sessions/hjkmnp');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 'HJKMNP', organisation: 'Hall College', language: 'hinglish' });
    expect((await relayApp.request('/api/v1/sessions/CCCCCC')).status).toBe(404);
    const join = { session: 'HJKMNP', name: 'Hall Student', rollNumber: 'H-1' };
    expect((await postJson(relayApp, LEAD_PATHS.sessionJoin, join, { 'Idempotency-Key': crypto.randomUUID() })).status).toBe(201);
    const session = await (
      await relayApp.request('/api/admin/sessions/HJKMNP', { headers: { Authorization: `Bearer ${trainer}` } })
    ).json();
    expect(session.session).toMatchObject({ organisation: 'Hall College', joined: 1, finished: 0 });
    // A phone copied it first; the trainer who opened it has it as theirs, another trainer on the laptop does not.
    const other = (await memberToken(relay.db, 'other-trainer@relay.example.in', 'trainer')).token;
    expect((await relayApp.request('/api/admin/sessions/HJKMNP', { headers: { Authorization: `Bearer ${other}` } })).status).toBe(404);
    const listed = await (await relayApp.request('/api/admin/sessions', { headers: { Authorization: `Bearer ${trainer}` } })).json();
    expect(listed.data.map((s: { code: string }) => s.code)).toContain('HJKMNP');
  });

  it('says so while its key is revoked upstream (the 401, not null), and delivers once a live key is back', async () => {
    forwarder ??= startForwarder({
      db: relay.db,
      upstreamUrl: 'http://upstream.test',
      key: relayKey,
      log: () => {},
      fetch: upstreamFetch,
      maxBackoffMs: 50,
    });
    Object.assign(faults, { down: false, batch503: 0, loseAnswer: 0 });
    await expect.poll(async () => (await status()).waiting, { timeout: 20_000 }).toBe(0);
    const forwarded = (await status()).forwarded;
    await upstream.db
      .updateTable('relay_keys')
      .set({ revoked_at: new Date(Date.now() - 60_000) })
      .execute();
    const late = {
      name: 'Revoked Student',
      email: 'revoked@college.example.in',
      answers: answers(3),
      language: 'english',
      session: 'ACDEFG',
    };
    expect((await postJson(relayApp, LEAD_PATHS.quizAnswers, late, { 'Idempotency-Key': crypto.randomUUID() })).status).toBe(201);
    await expect.poll(async () => (await status()).waitingReason, { timeout: 20_000 }).toMatch(/^The upstream answered 401: /);
    const revoked = await status();
    expect(revoked).toMatchObject({ waiting: 1, forwarded });
    expect(revoked.lastError).toBe(`The upstream answered 401: ${RELAY_MESSAGES.keyInvalid}`);
    expect(revoked.waitingReason).toBe(revoked.lastError);
    // The key restored (as if an admin gave the laptop a new one): it goes, and the reason with it.
    await upstream.db.updateTable('relay_keys').set({ revoked_at: null }).execute();
    forwarder?.wake();
    await expect.poll(async () => (await status()).waiting, { timeout: 20_000 }).toBe(0);
    expect(await status()).toMatchObject({ forwarded: forwarded + 1, waitingReason: null });
  });
});

describe.each(testBackends())('a relay draining after an outage on $name', (backend) => {
  let upstream: TestDatabase;
  let relay: TestDatabase;
  let forwarder: Forwarder | undefined;

  beforeAll(async () => {
    [upstream, relay] = await Promise.all([backend.create(), backend.create()]);
  });
  afterAll(async () => {
    await forwarder?.stop();
    await Promise.all([upstream?.dispose(), relay?.dispose()]);
  });

  it('as shipped, forwards 1,000 queued submissions at 100 a second without a 429 (a relay key is not held to an address’s 600 a minute)', async () => {
    const shipped = loadConfig({});
    // A steady 50 a second never meets the relay's allowance in any 61-second window.
    expect(shipped.relayRateLimitPerMinute).toBeGreaterThanOrEqual(50 * 61);
    // The upstream's time moves one second per batch of 100: a relay sending 100 a second.
    const clock = fakeClock();
    const upstreamApp = testApp(
      upstream,
      { postRateLimitPerMinute: shipped.postRateLimitPerMinute, relayRateLimitPerMinute: shipped.relayRateLimitPerMinute },
      { clock: clock.fn },
    ).app;
    const admin = await memberToken(upstream.db, 'admin@drain.example.in', 'admin');
    const key = (await createRelayKey(upstream.db, 'Hall laptop', admin.id)).key;
    const total = 1_000;
    // What a day of classes left on the laptop while the upstream was away.
    await relay.db
      .insertInto('relay_queue')
      .values(
        Array.from({ length: total }, (_, i) => ({
          key: crypto.randomUUID(),
          path: LEAD_PATHS.contact,
          body: JSON.stringify(LEAD_SAMPLES.contact(i)),
        })),
      )
      .execute();
    const answers: number[] = [];
    forwarder = startForwarder({
      db: relay.db,
      upstreamUrl: 'http://upstream.test',
      key,
      log: () => {},
      maxBackoffMs: 50,
      fetch: async (input, init) => {
        const res = await upstreamApp.request(new URL(String(input)).pathname, init as RequestInit);
        clock.advance(1000);
        answers.push(res.status);
        const body = (await res.clone().json()) as { results?: { status: number }[] };
        for (const r of body.results ?? []) answers.push(r.status);
        return res;
      },
    });
    const waiting = async () =>
      Number(
        (
          await relay.db
            .selectFrom('relay_queue')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('state', '!=', 'forwarded')
            .executeTakeFirstOrThrow()
        ).n,
      );
    await expect.poll(waiting, { timeout: 120_000, interval: 200 }).toBe(0);
    expect(answers.filter((s) => s === 429)).toEqual([]);
    // Ten batches, ten seconds of the upstream's time.
    expect(answers.filter((s) => s === 200)).toHaveLength(total / 100);
    const stored = await upstream.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(total);
  }, 180_000);
});
