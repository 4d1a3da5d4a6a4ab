// The public rate limit: a sliding window with no burst at a minute boundary, charged per
// submission (a sync batch of 100 costs 100), with a Retry-After that works. Time is a
// fake clock; nothing sleeps.
import { describe, expect, it } from 'vitest';
import { SYNC_PATH } from '../../contract/api.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { API_MESSAGES } from '../../contract/messages.ts';
import { pgliteBackend } from '../testing/databases.ts';
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

describe('the sliding-window rate limiter', () => {
  it('lets no burst through at a minute boundary', () => {
    let now = Date.UTC(2026, 10, 23, 10, 0, 59, 500);
    const limiter = createRateLimiter({ perMinute: 600, clock: () => new Date(now) });
    // 600 in the last half second of one minute...
    expect(limiter.take('a', 600).granted).toBe(600);
    // ...and the next minute begins: a fixed window would admit 600 more at once.
    now += 1_000;
    expect(limiter.take('a', 600).granted).toBe(0);
    now += 30_000;
    expect(limiter.take('a', 1).granted).toBe(0);
  });

  it('never admits more than the limit in any 60-second span, however the requests arrive', () => {
    const random = rng(42);
    let now = Date.UTC(2026, 10, 23, 10, 0, 0);
    const limiter = createRateLimiter({ perMinute: 100, clock: () => new Date(now) });
    const admitted: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      // Bursts and lulls: mostly a few ms apart, sometimes seconds.
      now += random() < 0.05 ? Math.floor(random() * 20_000) : Math.floor(random() * 50);
      const cost = random() < 0.1 ? 1 + Math.floor(random() * 20) : 1;
      const { granted } = limiter.take('a', cost);
      for (let k = 0; k < granted; k++) admitted.push(now);
    }
    expect(admitted.length).toBeGreaterThan(2_000);
    expect(busiestMinute(admitted)).toBeLessThanOrEqual(100);
  });

  it('admits steady traffic just under the limit rate', () => {
    let now = Date.UTC(2026, 10, 23, 10, 0, 0);
    const limiter = createRateLimiter({ perMinute: 600, clock: () => new Date(now) });
    let refused = 0;
    // 590 a minute (one every ~102 ms) for ten minutes.
    for (let i = 0; i < 5_900; i++) {
      now += 60_000 / 590;
      if (limiter.take('a', 1).granted === 0) refused++;
    }
    expect(refused).toBe(0);
  });

  it('charges by cost, grants what fits, and gives a Retry-After that, once waited, admits', () => {
    let now = Date.UTC(2026, 10, 23, 10, 0, 0, 250);
    const limiter = createRateLimiter({ perMinute: 150, clock: () => new Date(now) });
    expect(limiter.take('a', 100)).toEqual({ granted: 100, retryAfterSeconds: 0 });
    const partial = limiter.take('a', 100);
    expect(partial.granted).toBe(50);
    expect(partial.retryAfterSeconds).toBeGreaterThanOrEqual(60);
    expect(partial.retryAfterSeconds).toBeLessThanOrEqual(61);
    now += (partial.retryAfterSeconds - 1) * 1000;
    expect(limiter.take('a', 1).granted).toBe(0);
    now += 1000;
    expect(limiter.take('a', 1).granted).toBe(1);
  });

  it('keeps addresses apart and its memory bounded', () => {
    let now = Date.UTC(2026, 10, 23, 10, 0, 0);
    const limiter = createRateLimiter({ perMinute: 2, clock: () => new Date(now), maxAddresses: 1_000 });
    expect(limiter.take('a', 2).granted).toBe(2);
    expect(limiter.take('a', 1).granted).toBe(0);
    expect(limiter.take('b', 1).granted).toBe(1);
    for (let i = 0; i < 10_000; i++) {
      now += 10;
      limiter.take(`addr-${i}`, 1);
    }
    expect(limiter.addresses).toBeLessThanOrEqual(1_000);
  });

  it('admits everything when the limit is off', () => {
    const limiter = createRateLimiter({ perMinute: 0, clock: () => new Date() });
    for (let i = 0; i < 1_000; i++) expect(limiter.take('a', 100).granted).toBe(100);
  });
});

describe('the limit on the API', () => {
  it('charges a sync batch per submission: items past the allowance get 429 of their own', async () => {
    const database = await pgliteBackend.create();
    try {
      const clock = fakeClock(Date.UTC(2026, 10, 23, 10, 0, 0));
      const { app } = testApp(database, { postRateLimitPerMinute: 10, trustProxy: 1 }, { clock: clock.fn });
      const contact = (i: number) => ({ firstName: `Rate${i}`, lastName: 'Limit', email: `rate${i}@example.in`, phone: '9876543210', message: 'hi' });
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
