// A per-address ceiling on public submissions, generous enough for a classroom behind one
// NAT (the default is 600 a minute). Counted per submission, not per request: a sync batch
// of 100 queued submissions costs 100. Beyond the ceiling: 429 with Retry-After, which the
// PWA's outbox retries.
//
// A sliding window of one-second buckets: a submission is admitted only while the
// submissions admitted in the last 61 whole seconds leave room for it. The 61 buckets cover
// more than any 60-second span ending now, so no 60-second span, wherever it starts, ever
// holds more than the limit (a fixed one-minute window let twice the limit through across a
// minute boundary: 1,200 in 3.9 s). The price is a steady rate slightly under the limit
// (600 per 61 s). Memory: 61 counters per active address, bounded by maxAddresses.
// Kept in this process's memory: each API instance counts on its own.
import type { Context, MiddlewareHandler } from 'hono';
import { API_MESSAGES } from '../../contract/messages.ts';
import { clientAddress } from './client-address.ts';
import { HttpError } from './http.ts';

const BUCKETS = 61;

export interface RateLimiterOptions {
  perMinute: number;
  clock: () => Date;
  /** Addresses tracked at once; past it, idle ones are forgotten first. */
  maxAddresses?: number;
}

export interface Grant {
  /** How many of the asked-for submissions may go ahead (all, some or none). */
  granted: number;
  /** When some were refused: seconds until at least one more would be admitted. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  take(address: string, cost: number): Grant;
  readonly addresses: number;
}

interface Window {
  counts: Uint32Array;
  /** The whole second of the newest bucket. */
  second: number;
  /** Sum of the counts. */
  total: number;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const limit = options.perMinute;
  const maxAddresses = options.maxAddresses ?? 100_000;
  const windows = new Map<string, Window>();

  /** Drops idle addresses; if all are busy, the oldest tenth. */
  const makeRoom = (second: number) => {
    for (const [address, w] of windows) if (second - w.second >= BUCKETS) windows.delete(address);
    if (windows.size < maxAddresses) return;
    let drop = Math.ceil(maxAddresses / 10);
    for (const address of windows.keys()) {
      if (drop-- <= 0) break;
      windows.delete(address);
    }
  };

  return {
    take(address, cost) {
      if (limit <= 0 || cost <= 0) return { granted: Math.max(0, cost), retryAfterSeconds: 0 };
      const now = options.clock().getTime() / 1000;
      const second = Math.floor(now);
      let w = windows.get(address);
      if (!w) {
        if (windows.size >= maxAddresses) makeRoom(second);
        w = { counts: new Uint32Array(BUCKETS), second, total: 0 };
        windows.set(address, w);
      } else if (second > w.second) {
        // Empty the buckets that have left the window.
        for (let s = w.second + 1; s <= Math.min(second, w.second + BUCKETS); s++) {
          const i = s % BUCKETS;
          w.total -= w.counts[i]!;
          w.counts[i] = 0;
        }
        w.second = second;
      }
      // (A clock that went back counts against the newest bucket.)
      const granted = Math.min(cost, Math.max(0, limit - w.total));
      const newest = w.second % BUCKETS;
      w.counts[newest] = w.counts[newest]! + granted;
      w.total += granted;
      if (granted === cost) return { granted, retryAfterSeconds: 0 };
      // The oldest bucket holding anything frees its room when it leaves the window.
      let retryAfterSeconds = BUCKETS;
      for (let age = BUCKETS - 1; age >= 0; age--) {
        if (w.counts[(w.second - age) % BUCKETS]! > 0) {
          retryAfterSeconds = Math.max(1, Math.ceil(w.second - age + BUCKETS - now));
          break;
        }
      }
      return { granted, retryAfterSeconds };
    },
    get addresses() {
      return windows.size;
    },
  };
}

export interface PostRateLimitOptions {
  perMinute: number;
  trustProxy: number;
  clock: () => Date;
  maxAddresses?: number;
}

/** What a handler may charge beyond the one submission the middleware counted (see chargeItems). */
interface RateLimitVariable {
  take(cost: number): Grant;
}

export function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(429, API_MESSAGES.tooManyRequests, undefined, { 'Retry-After': String(retryAfterSeconds) });
}

/** Middleware: every POST under it costs one submission from its address's allowance. */
export function postRateLimit(options: PostRateLimitOptions): MiddlewareHandler<{ Variables: { rateLimit: RateLimitVariable } }> {
  const limiter = createRateLimiter(options);
  return async (c, next) => {
    if (options.perMinute <= 0 || c.req.method !== 'POST') return next();
    const address = clientAddress(c, options.trustProxy);
    const { granted, retryAfterSeconds } = limiter.take(address, 1);
    if (granted < 1) throw tooManyRequests(retryAfterSeconds);
    c.set('rateLimit', { take: (cost) => limiter.take(address, cost) });
    return next();
  };
}

/**
 * Charges `cost` more submissions to this request's address (a sync batch: its items
 * beyond the first, which the middleware counted). Everything is granted when the limit
 * is off or the middleware did not run.
 */
export function chargeItems(c: Context, cost: number): Grant {
  const rateLimit = c.get('rateLimit') as RateLimitVariable | undefined;
  return rateLimit ? rateLimit.take(cost) : { granted: Math.max(0, cost), retryAfterSeconds: 0 };
}
