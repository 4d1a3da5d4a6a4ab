// The public rate limit: a sliding window with no burst at a minute boundary, charged per
// submission (a sync batch of 100 costs 100), with a Retry-After that works, one allowance
// for every instance on the database. Time is a fake clock; nothing sleeps.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SYNC_PATH } from '../../contract/api.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { API_MESSAGES } from '../../contract/messages.ts';
import { pgliteBackend, testBackends, type TestDatabase } from '../testing/databases.ts';
import { postJson, testApp } from '../testing/app.ts';
import { fakeClock } from '../testing/clock.ts';
import { createRateLimiter } from './rate-limit.ts';
import { seededRandom } from '../testing/random.ts';

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
      const random = seededRandom(42);
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

    it('serves a flood from one address through three instances mostly without round trips, never over the limit in any minute', async () => {
      const random = seededRandom(7);
      let now = Date.UTC(2026, 10, 23, 10, 0, 0);
      const clock = () => new Date(now);
      const address = `flood-${n++}`;
      // 12,000 a minute: each instance leases while it admits under 200 a second. About 300 a
      // second in all for 70 s, round robin: the limit is reached before the minute is out.
      const instances = [0, 1, 2].map(() => createRateLimiter({ db: database.db, perMinute: 12_000, clock }));
      const admitted: number[] = [];
      let takes = 0;
      while (now < Date.UTC(2026, 10, 23, 10, 1, 10)) {
        // Mostly one at a time (the worst case for rounds), with bursts.
        now += Math.floor(random() * 7);
        const burst = random() < 0.05 ? 20 : 1;
        const grants = await Promise.all(Array.from({ length: burst }, (_, i) => instances[(takes + i) % 3]!.take(address, 1)));
        takes += burst;
        for (const g of grants) for (let k = 0; k < g.granted; k++) admitted.push(now);
      }
      expect(takes).toBeGreaterThan(20_000);
      // A round trip per take would be 20,000 and more (refused ones included).
      const statements = instances.reduce((sum, l) => sum + l.statements, 0);
      expect(statements).toBeLessThan(takes / 10);
      expect(busiestMinute(admitted)).toBeLessThanOrEqual(12_000);
      // Leasing held back little of the allowance, and only for moments: the first minute admitted nearly all of it.
      expect(admitted.filter((t) => t < Date.UTC(2026, 10, 23, 10, 1, 0)).length).toBeGreaterThan(11_700);
      expect(instances.reduce((sum, l) => sum + l.rejected, 0)).toBe(takes - admitted.length);
    });

    it('refuses nothing while its own lease still holds allowance: waves in one second get exactly the limit', async () => {
      const now = Date.UTC(2026, 10, 23, 10, 0, 0, 300);
      const { limiter, take } = limiterAt(600, () => new Date(now));
      const perWave: number[] = [];
      for (let wave = 0; wave < 13; wave++) {
        // Arriving one after another, as requests do, so some queue while a round is out.
        const grants: Array<Promise<{ granted: number }>> = [];
        for (let i = 0; i < 50; i++) {
          grants.push(take(1));
          await new Promise((resolve) => setImmediate(resolve));
        }
        perWave.push((await Promise.all(grants)).reduce((sum, g) => sum + g.granted, 0));
      }
      expect(perWave).toEqual([...Array(12).fill(50), 0]);
      expect(limiter.rejected).toBe(50);
    });

    it('never spends a lease outside the second it was charged to', async () => {
      let now = Date.UTC(2026, 10, 23, 10, 0, 0, 100);
      const clock = () => new Date(now);
      const address = `stale-lease-${n++}`;
      const a = createRateLimiter({ db: database.db, perMinute: 6_000, clock });
      const b = createRateLimiter({ db: database.db, perMinute: 6_000, clock });
      for (let i = 0; i < 90; i++) await a.take(address, 1);
      // 61 s on, that second's bucket has left the window: whatever a still holds from it is void.
      now += 61_000;
      let granted = 0;
      for (let i = 0; i < 10; i++) granted += (await a.take(address, 1)).granted;
      // (What a leases in this new second comes back when it ends.)
      now += 1_000;
      await a.refundEnded();
      granted += (await b.take(address, 6_000)).granted;
      expect(granted).toBe(6_000);
    });

    it('is exact across instances for batches, as the load balancer suite sends them', async () => {
      // An hour after the other tests' clocks: their sweeps (which delete windows idle for a
      // minute by their own clocks, on this shared database) cannot touch this window.
      const now = Date.UTC(2026, 10, 23, 11, 0, 0, 100);
      const address = `batches-${n++}`;
      const errors: string[] = [];
      const instances = [0, 1, 2].map(() =>
        createRateLimiter({ db: database.db, perMinute: 3_000, clock: () => new Date(now), onError: (err) => errors.push(err.message) }),
      );
      const items: number[] = [];
      // Each request: one for the request, then 99 for the rest of its batch; round robin.
      for (let i = 0; i < 33; i++) {
        const instance = instances[i % 3]!;
        if ((await instance.take(address, 1)).granted === 0) continue;
        items.push(1 + (await instance.take(address, 99)).granted);
      }
      expect(items).toEqual(Array(30).fill(100));
      expect(errors).toEqual([]);
    });

    it('gives back what a lease did not use once its second ends', async () => {
      let now = Date.UTC(2026, 10, 23, 10, 0, 0, 100);
      const clock = () => new Date(now);
      const address = `refund-${n++}`;
      const a = createRateLimiter({ db: database.db, perMinute: 6_000, clock });
      const b = createRateLimiter({ db: database.db, perMinute: 6_000, clock });
      // 90 one after another in one second (under its share of 100 a second): instance a
      // leases ahead, and holds some when the second ends.
      for (let i = 0; i < 90; i++) expect((await a.take(address, 1)).granted).toBe(1);
      expect(a.statements).toBeLessThan(15);
      now += 1_000;
      await a.refundEnded();
      // Exactly what is left in the minute, not less.
      expect((await b.take(address, 6_000)).granted).toBe(5_910);
    });

    it('gives back an unused lease by itself when no later request comes', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        let now = Date.UTC(2026, 10, 23, 10, 0, 0, 100);
        const clock = () => new Date(now);
        const address = `refund-timer-${n++}`;
        const a = createRateLimiter({ db: database.db, perMinute: 6_000, clock });
        for (let i = 0; i < 90; i++) await a.take(address, 1);
        const before = a.statements;
        now += 1_000;
        await vi.advanceTimersByTimeAsync(1_100);
        await vi.waitFor(() => expect(a.statements).toBe(before + 1), { interval: 1 });
        const b = createRateLimiter({ db: database.db, perMinute: 6_000, clock });
        expect((await b.take(address, 6_000)).granted).toBe(5_910);
      } finally {
        vi.useRealTimers();
      }
    });

    it('keeps one allowance across instances that all lease', async () => {
      let now = Date.UTC(2026, 10, 23, 10, 0, 0);
      const clock = () => new Date(now);
      const address = `lease-shared-${n++}`;
      const instances = [0, 1, 2].map(() => createRateLimiter({ db: database.db, perMinute: 600, clock }));
      let granted = 0;
      // Waves of concurrent takes on all three within one second: more than the limit asked for.
      for (let wave = 0; wave < 30; wave++) {
        const grants = await Promise.all(Array.from({ length: 30 }, (_, i) => instances[i % 3]!.take(address, 1)));
        granted += grants.reduce((sum, g) => sum + g.granted, 0);
      }
      expect(granted).toBeLessThanOrEqual(600);
      // What the leases still held comes back after the second, and only then is the minute's allowance used up.
      now += 1_000;
      for (const instance of instances) await instance.refundEnded();
      for (let i = 0; i < 700 && granted < 600; i++) granted += (await instances[i % 3]!.take(address, 1)).granted;
      expect(granted).toBe(600);
      expect((await instances[0]!.take(address, 1)).granted).toBe(0);
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
