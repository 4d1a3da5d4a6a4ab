// The classroom relay end to end in-process: an upstream app and a relay app, each on its
// own database, the relay's forwarder reaching the upstream through a link the test can
// break (down, answering 503, or cut after the upstream has stored the batch: the relay
// killed mid-forwarding). Whatever happens: phones are answered at once, the upstream ends
// with every submission exactly once, the relay sends no mail and the upstream one
// certificate each. And the keys: only admins make them, they deliver and nothing else,
// revoked ones are refused, and each is its own client for the rate limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_PATH } from '../../contract/api.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { QUIZ_ANSWERS_PATH } from '../../contract/quiz/api.ts';
import { RELAY_MESSAGES, RELAY_PATHS, type RelayStatus } from '../../contract/relay.ts';
import { RELAY_KEY_PATTERN } from '../config.ts';
import { adminToken, memberToken } from '../testing/admin.ts';
import { postJson, testApp } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { eventuallyAsync } from '../testing/eventually.ts';
import { LEAD_SAMPLES } from '../testing/lead-samples.ts';
import { startForwarder, backoffMs, type Forwarder } from './forwarder.ts';

type Link = 'up' | 'down' | '503' | 'cut';

describe.each(testBackends())('the classroom relay on $name', (backend) => {
  let upstreamDb: TestDatabase;
  let relayDb: TestDatabase;
  let upstream: ReturnType<typeof testApp>;
  let adminAuth: Record<string, string>;
  let link: Link = 'down';
  let cuts = 0;
  const calls: Link[] = [];

  beforeAll(async () => {
    [upstreamDb, relayDb] = await Promise.all([backend.create(), backend.create()]);
    upstream = testApp(upstreamDb, { postRateLimitPerMinute: 600, trustProxy: 1 });
    adminAuth = { Authorization: `Bearer ${await adminToken(upstreamDb.db, 'admin@example.in')}` };
  });
  afterAll(async () => {
    await Promise.all([upstreamDb?.dispose(), relayDb?.dispose()]);
  });

  /** The relay's way to the upstream, as the test sets it. */
  const throughLink = async (url: string, init: RequestInit): Promise<Response> => {
    calls.push(link);
    if (link === 'down') throw new TypeError('fetch failed (connect ECONNREFUSED)');
    if (link === '503') return new Response('{"message":"down for maintenance"}', { status: 503 });
    const answer = await upstream.app.request(new URL(url).pathname, init);
    if (link === 'cut') {
      // The upstream stored the batch; the relay never hears the answer (killed, or the hotspot dropped).
      cuts++;
      link = 'up';
      throw new TypeError('fetch failed (socket hang up)');
    }
    return answer;
  };

  const newKey = async (name: string) => {
    const res = await postJson(upstream.app, RELAY_PATHS.keys, { name }, adminAuth);
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; key: string };
  };

  const startRelay = (key: string): { app: ReturnType<typeof testApp>['app']; forwarder: Forwarder } => {
    const forwarder = startForwarder({
      db: relayDb.db,
      upstreamUrl: 'http://upstream.test',
      key,
      log: () => {},
      fetch: throughLink,
      pollMs: 10,
      maxBackoffMs: 40,
    });
    const { app } = testApp(relayDb, { relay: { upstreamUrl: 'http://upstream.test', key } }, { forwarder });
    return { app, forwarder };
  };

  it('keys: only admins make them, shown once; a key delivers and does nothing else; revoked, it is refused', async () => {
    const counsellor = await memberToken(upstreamDb.db, 'c@example.in', 'counsellor');
    const trainer = await memberToken(upstreamDb.db, 't@example.in', 'trainer');
    for (const token of [counsellor.token, trainer.token]) {
      expect((await postJson(upstream.app, RELAY_PATHS.keys, { name: 'x' }, { Authorization: `Bearer ${token}` })).status).toBe(403);
    }
    expect((await postJson(upstream.app, RELAY_PATHS.keys, { name: '  ' }, adminAuth)).status).toBe(400);
    const made = await newKey('Trainer laptop, Pune');
    expect(made.key).toMatch(RELAY_KEY_PATTERN);
    const listed = await (await upstream.app.request(RELAY_PATHS.keys, { headers: adminAuth })).json();
    expect(JSON.stringify(listed)).not.toContain(made.key);
    expect(listed).toEqual([expect.objectContaining({ id: made.id, name: 'Trainer laptop, Pune', revokedAt: null })]);

    const relayAuth = { Authorization: `Relay ${made.key}` };
    const body = { ...LEAD_SAMPLES.contact(1) };
    expect((await postJson(upstream.app, LEAD_PATHS.contact, body, relayAuth)).status).toBe(201);
    // Anything but a delivery: refused, whatever the path.
    expect((await upstream.app.request(RELAY_PATHS.keys, { headers: relayAuth })).status).toBe(401);
    expect((await upstream.app.request('/api/v1/get-contact', { headers: relayAuth })).status).toBe(401);
    expect((await postJson(upstream.app, '/api/admin/login', { email: 'a@b.in', password: 'x' }, relayAuth)).status).toBe(401);
    // Not a key, or a key nobody made.
    expect((await postJson(upstream.app, LEAD_PATHS.contact, body, { Authorization: 'Relay rk_nope' })).status).toBe(401);
    const unknown = `rk_${'A'.repeat(43)}`;
    const refused = await postJson(upstream.app, LEAD_PATHS.contact, body, { Authorization: `Relay ${unknown}` });
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toBe(RELAY_MESSAGES.keyRefused);

    const revoke = await upstream.app.request(RELAY_PATHS.key(made.id), { method: 'DELETE', headers: adminAuth });
    expect(revoke.status).toBe(204);
    expect((await postJson(upstream.app, LEAD_PATHS.contact, LEAD_SAMPLES.contact(2), relayAuth)).status).toBe(401);
    expect(
      (await upstream.app.request(RELAY_PATHS.key('00000000-0000-4000-8000-000000000000'), { method: 'DELETE', headers: adminAuth }))
        .status,
    ).toBe(404);
  });

  it('a relay key is its own client for the rate limit: a class is not throttled as one address', async () => {
    const { key } = await newKey('Rate limit');
    // One address past its minute's allowance (600)…
    const batch = (from: number) =>
      Array.from({ length: 100 }, (_, i) => ({
        key: `rate-${from + i}-abcdefgh`,
        path: LEAD_PATHS.freeJoin,
        body: LEAD_SAMPLES.freeJoin(from + i),
      }));
    const forwarded = { 'X-Forwarded-For': '203.0.113.9' };
    let admitted = 0;
    for (let round = 0; round < 7; round++) {
      const res = await postJson(upstream.app, SYNC_PATH, batch(10_000 + round * 100), forwarded);
      // Past the allowance the whole batch is refused (429); before it, each item answers for itself.
      if (res.status === 200) admitted += (await res.json()).results.filter((r: { status: number }) => r.status === 201).length;
      else expect(res.status).toBe(429);
    }
    expect(admitted).toBeLessThanOrEqual(600);
    expect((await postJson(upstream.app, LEAD_PATHS.freeJoin, LEAD_SAMPLES.freeJoin(20_000), forwarded)).status).toBe(429);
    // …and the relay, from that same address, still delivers.
    const res = await postJson(upstream.app, LEAD_PATHS.freeJoin, LEAD_SAMPLES.freeJoin(20_001), {
      ...forwarded,
      Authorization: `Relay ${key}`,
    });
    expect(res.status).toBe(201);
  });

  it('answers phones at once with the upstream down, then forwards each submission exactly once through drops, 503s and a cut', async () => {
    const { key } = await newKey('Classroom');
    link = 'down';
    const relay = startRelay(key);
    try {
      // 20 phones: a sign-up-free test each (its answers) and 10 contact messages, some as one sync batch.
      const quiz = Array.from({ length: 20 }, (_, i) => ({
        key: `quiz-key-${i}-0123`,
        body: { ...LEAD_SAMPLES.quizAnswers(i), email: `student${i}@college.example.in` },
      }));
      for (const q of quiz.slice(0, 10)) {
        expect((await postJson(relay.app, QUIZ_ANSWERS_PATH, q.body, { 'Idempotency-Key': q.key })).status).toBe(201);
      }
      const items = [
        ...quiz.slice(10).map((q) => ({ key: q.key, path: QUIZ_ANSWERS_PATH, body: q.body })),
        ...Array.from({ length: 10 }, (_, i) => ({
          key: `contact-key-${i}-0123`,
          path: LEAD_PATHS.contact,
          body: LEAD_SAMPLES.contact(500 + i),
        })),
      ];
      const { results } = await (await postJson(relay.app, SYNC_PATH, items)).json();
      expect(results.map((r: { status: number }) => r.status)).toEqual(items.map(() => 201));
      // A phone's retry of one it already sent: answered from the relay, and still one to forward.
      expect((await postJson(relay.app, QUIZ_ANSWERS_PATH, quiz[0]!.body, { 'Idempotency-Key': quiz[0]!.key })).status).toBe(201);

      const status = async () =>
        (await (
          await relay.app.request(RELAY_PATHS.status, {
            headers: { Authorization: `Bearer ${await adminToken(relayDb.db, 'trainer@relay.in')}` },
          })
        ).json()) as RelayStatus;
      await eventuallyAsync(async () => {
        const s = await status();
        expect(s).toMatchObject({ relay: true, waiting: 30, forwarded: 0 });
        expect(s.relay && s.lastError).toContain('no answer');
      });

      // The upstream comes back: first it answers 503, then it stores a batch the relay never hears about.
      link = '503';
      await eventuallyAsync(async () => expect(calls.filter((c) => c === '503').length).toBeGreaterThan(1));
      link = 'cut';
      await eventuallyAsync(
        async () => expect(await status()).toMatchObject({ waiting: 0, forwarded: 30, refused: 0, lastError: null }),
        15_000,
      );
      expect(cuts).toBe(1);

      // Exactly once upstream, by key.
      const quizKeys = await upstreamDb.db
        .selectFrom('quiz_submissions')
        .select('idempotency_key')
        .where('idempotency_key', 'like', 'quiz-key-%')
        .execute();
      expect(quizKeys.map((r) => r.idempotency_key).sort()).toEqual(quiz.map((q) => q.key).sort());
      const contacts = await upstreamDb.db
        .selectFrom('contact_messages')
        .select('idempotency_key')
        .where('idempotency_key', 'like', 'contact-key-%')
        .execute();
      expect(contacts).toHaveLength(10);
      // The upstream mails each certificate; the relay mails nothing.
      const upstreamMails = await upstreamDb.db
        .selectFrom('mail_queue')
        .select('to_address')
        .where('to_address', 'like', 'student%@college.example.in')
        .execute();
      expect(upstreamMails.map((m) => m.to_address).sort()).toEqual(quiz.map((q) => q.body.email).sort());
      expect(await relayDb.db.selectFrom('mail_queue').select('id').execute()).toEqual([]);
      // Delivered bodies are not kept on the laptop.
      const kept = await relayDb.db.selectFrom('relay_outbox').select('body').where('body', 'is not', null).execute();
      expect(kept).toEqual([]);
    } finally {
      await relay.forwarder.stop();
    }
  });

  it('keeps what the upstream refuses for good (invalid there) with its reason, and waits while its key is revoked', async () => {
    const made = await newKey('Soon revoked');
    link = 'up';
    const relay = startRelay(made.key);
    try {
      // Valid on the relay, refused upstream: the upstream's rule is the final word.
      await relayDb.db
        .insertInto('relay_outbox')
        .values({ idempotency_key: 'refused-key-0001', path: LEAD_PATHS.contact, body: '{"firstName":""}' })
        .execute();
      relay.forwarder.wake();
      await eventuallyAsync(async () => {
        const row = await relayDb.db
          .selectFrom('relay_outbox')
          .selectAll()
          .where('idempotency_key', '=', 'refused-key-0001')
          .executeTakeFirstOrThrow();
        expect(row.forwarded_at).not.toBeNull();
        expect(row.upstream_status).toBe(400);
        expect(row.last_error).toMatch(/^400/);
      });

      await upstream.app.request(RELAY_PATHS.key(made.id), { method: 'DELETE', headers: adminAuth });
      expect(
        (await postJson(relay.app, LEAD_PATHS.contact, LEAD_SAMPLES.contact(900), { 'Idempotency-Key': 'after-revoke-0001' })).status,
      ).toBe(201);
      const status = async () => (await relay.forwarder.status()) as Extract<RelayStatus, { relay: true }>;
      await eventuallyAsync(async () => expect(await status()).toMatchObject({ waiting: 1, lastError: RELAY_MESSAGES.keyRefused }));
      expect(
        await upstreamDb.db.selectFrom('contact_messages').select('id').where('idempotency_key', '=', 'after-revoke-0001').execute(),
      ).toEqual([]);
    } finally {
      await relay.forwarder.stop();
    }
  });
});

describe('the relay backs off while the upstream does not answer', () => {
  it('doubles from a second to the cap, with ±20% jitter', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map((n) => backoffMs(n, 60_000, () => 0.5))).toEqual([1000, 2000, 4000, 8000, 60000, 60000, 60000]);
    expect(backoffMs(1, 60_000, () => 0)).toBe(800);
    expect(backoffMs(1, 60_000, () => 1)).toBe(1200);
  });
});
