// The public rate limit: a sliding window with no burst at a minute boundary, charged per
// submission (a sync batch of 100 costs 100), with a Retry-After that works, one allowance
// for every instance on the database. Time is a fake clock; nothing sleeps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_PATH } from '../../contract/api.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { API_MESSAGES } from '../../contract/messages.ts';
import { pgliteBackend, testBackends, type TestDatabase } from '../testing/databases.ts';
import { postJson, testApp } from '../testing/app.ts';
import { fakeClock } from '../testing/clock.ts';
import { createRateLimiter } from './rate-limit.ts';

/** A small seeded generator (mulberry32), so a failure replays. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The most admissions found in any 60-second span [t, t + 60 s) of these sorted times (ms). */
function busiestMinute(times: number[]): number {
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while (times[end]! - times[start]! >= 60_000) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

for (const backend of testBackends()) {
  describe(`the shared sliding-window rate limiter (${backend.name})`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await backend.create();
    });
    afterAll(() => database.dispose());
    let n = 0;
    /** A limiter on the shared database with a fresh address of its own per test. */
    const limiterAt = (perMinute: number, clock: () => Date) => {
      const address = `test-${n++}`;
      const limiter = createRateLimiter({ db: database.db, perMinute, clock });
      return { limiter, take: (cost: number) => limiter.take(address, cost) };
    };

    it('lets no burst through at a minute boundary', async () => {
      let now = Date.UTC(2026, 10, 23, 10, 0, 59, 500);
      const { take } = limiterAt(600, () => new Date(now));
      // 600 in the last half second of one minute...
      expect((await take(600)).granted).toBe(600);
      // ...and the next minute begins: a fixed window would admit 600 more at once.
      now += 1_000;
      expect((await take(600)).granted).toBe(0);
      now += 30_000;
      expect((await take(1)).granted).toBe(0);
    });

    it('never admits more than the limit in any 60-second span, however the requests arrive', async () => {
      const random = rng(42);
      let now = Date.UTC(2026, 10, 23, 10, 0, 0);
      const { take } = limiterAt(100, () => new Date(now));
      const admitted: number[] = [];
      for (let i = 0; i < 4_000; i++) {
        // Bursts and lulls: mostly a few ms apart, sometimes seconds.
        now += random() < 0.05 ? Math.floor(random() * 20_000) : Math.floor(random() * 50);
        const cost = random() < 0.1 ? 1 + Math.floor(random() * 20) : 1;
        const { granted } = await take(cost);
        for (let k = 0; k < granted; k++) admitted.push(now);
      }
      expect(admitted.length).toBeGreaterThan(400);
      expect(busiestMinute(admitted)).toBeLessThanOrEqual(100);
    });

    it('admits steady traffic just under the limit rate', async () => {
      let now = Date.UTC(2026, 10, 23, 10, 0, 0);
      const { take } = limiterAt(600, () => new Date(now));
      let refused = 0;
      // 590 a minute (one every ~102 ms) for three minutes.
      for (let i = 0; i < 1_770; i++) {
        now += 60_000 / 590;
        if ((await take(1)).granted === 0) refused++;
      }
      expect(refused).toBe(0);
    });

    it('charges by cost, grants what fits, and gives a Retry-After that, once waited, admits', async () => {
      let now = Date.UTC(2026, 10, 23, 10, 0, 0, 250);
      const { take } = limiterAt(150, () => new Date(now));
      expect(await take(100)).toEqual({ granted: 100, retryAfterSeconds: 0 });
      const partial = await take(100);
      expect(partial.granted).toBe(50);
      expect(partial.retryAfterSeconds).toBeGreaterThanOrEqual(60);
      expect(partial.retryAfterSeconds).toBeLessThanOrEqual(61);
      now += (partial.retryAfterSeconds - 1) * 1000;
      expect((await take(1)).granted).toBe(0);
      now += 1000;
      expect((await take(1)).granted).toBe(1);
    });

    it('keeps addresses apart', async () => {
      const now = Date.UTC(2026, 10, 23, 10, 0, 0);
      const limiter = createRateLimiter({ db: database.db, perMinute: 2, clock: () => new Date(now) });
      expect((await limiter.take('apart-a', 2)).granted).toBe(2);
      expect((await limiter.take('apart-a', 1)).granted).toBe(0);
      expect((await limiter.take('apart-b', 1)).granted).toBe(1);
    });

    it('serves concurrent takes in few rounds, first come first served, and counts refusals', async () => {
      const now = Date.UTC(2026, 10, 23, 10, 0, 0);
      const limiter = createRateLimiter({ db: database.db, perMinute: 50, clock: () => new Date(now) });
      const grants = await Promise.all(Array.from({ length: 80 }, (_, i) => limiter.take(i % 2 ? 'round-odd' : 'round-even', 1)));
      // 40 each way, 50 allowed each: all granted.
      expect(grants.every((g) => g.granted === 1)).toBe(true);
      const more = await Promise.all(Array.from({ length: 20 }, () => limiter.take('round-odd', 1)));
      expect(more.map((g) => g.granted)).toEqual([...Array(10).fill(1), ...Array(10).fill(0)]);
      expect(more[19]!.retryAfterSeconds).toBeGreaterThan(0);
      expect(limiter.rejected).toBe(10);
    });

    it('is one allowance for every instance on the database', async () => {
      const now = Date.UTC(2026, 10, 23, 10, 0, 0);
      // Three limiters stand for three API instances: each would allow 30 on its own.
      const instances = [0, 1, 2].map(() => createRateLimiter({ db: database.db, perMinute: 30, clock: () => new Date(now) }));
      const grants = await Promise.all(Array.from({ length: 90 }, (_, i) => instances[i % 3]!.take('shared', 1)));
      expect(grants.reduce((sum, g) => sum + g.granted, 0)).toBe(30);
    });

    it('admits everything when the limit is off, without asking the database', async () => {
      const limiter = createRateLimiter({ db: undefined as never, perMinute: 0, clock: () => new Date() });
      for (let i = 0; i < 100; i++) expect((await limiter.take('a', 100)).granted).toBe(100);
    });
  });
}

describe('the limit on the API', () => {
  it('charges a sync batch per submission: items past the allowance get 429 of their own', async () => {
    const database = await pgliteBackend.create();
    try {
      const clock = fakeClock(Date.UTC(2026, 10, 23, 10, 0, 0));
      const { app } = testApp(database, { postRateLimitPerMinute: 10, trustProxy: 1 }, { clock: clock.fn });
      const contact = (i: number) => ({
        firstName: `Rate${i}`,
        lastName: 'Limit',
        email: `rate${i}@example.in`,
        phone: '9876543210',
        message: 'hi',
      });
      const items = Array.from({ length: 14 }, (_, i) => ({ key: `rate-limit-${i}-0000`, path: LEAD_PATHS.contact, body: contact(i) }));
      const res = await postJson(app, SYNC_PATH, items, { 'X-Forwarded-For': '192.0.2.50' });
      expect(res.status).toBe(200);
      const { results } = await res.json();
      expect(results.map((r: { status: number }) => r.status)).toEqual([...Array(10).fill(201), ...Array(4).fill(429)]);
      expect(results[10].body.message).toBe(API_MESSAGES.tooManyRequests);
      // The allowance is spent: a single POST from that address waits too.
      expect((await postJson(app, LEAD_PATHS.contact, contact(99), { 'X-Forwarded-For': '192.0.2.50' })).status).toBe(429);
      // A minute and a second on, the rest of the batch goes through.
      clock.advance(61_000);
      const later = await (await postJson(app, SYNC_PATH, items.slice(10), { 'X-Forwarded-For': '192.0.2.50' })).json();
      expect(later.results.map((r: { status: number }) => r.status)).toEqual([201, 201, 201, 201]);
    } finally {
      await database.dispose();
    }
  });
});
