// A per-address ceiling on POSTs, generous enough for a classroom behind one NAT (the
// default is 600 a minute). Fixed one-minute windows kept in memory: cheap on the hot
// path, and the ceiling is a floodgate, not an accounting system, so each API instance
// counting on its own is fine. Beyond it: 429 with Retry-After (the PWA's outbox retries).
import type { MiddlewareHandler } from 'hono';
import { ADMIN_MESSAGES } from '../../contract/admin.ts';
import { clientAddress } from './client-address.ts';
import { HttpError } from './http.ts';

export interface PostRateLimitOptions {
  perMinute: number;
  trustProxy: number;
  clock: () => Date;
  /** Addresses tracked at once; past it the table starts over (memory stays bounded). */
  maxAddresses?: number;
}

const WINDOW_MS = 60_000;

export function postRateLimit(options: PostRateLimitOptions): MiddlewareHandler {
  const maxAddresses = options.maxAddresses ?? 100_000;
  let windowStart = 0;
  let counts = new Map<string, number>();
  return async (c, next) => {
    if (options.perMinute <= 0 || c.req.method !== 'POST') return next();
    const now = options.clock().getTime();
    if (now - windowStart >= WINDOW_MS || now < windowStart) {
      windowStart = now - (now % WINDOW_MS);
      counts = new Map();
    }
    const address = clientAddress(c, options.trustProxy);
    const count = (counts.get(address) ?? 0) + 1;
    if (counts.size >= maxAddresses && !counts.has(address)) counts = new Map();
    counts.set(address, count);
    if (count > options.perMinute) {
      const retryAfter = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
      throw new HttpError(429, ADMIN_MESSAGES.tooManyRequests, undefined, { 'Retry-After': String(retryAfter) });
    }
    return next();
  };
}
