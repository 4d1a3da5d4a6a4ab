// A per-address ceiling on public submissions, generous enough for a classroom behind one
// NAT (the default is 600 a minute). Counted per submission, not per request: a sync batch
// of 100 queued submissions costs 100. Beyond the ceiling: 429 with Retry-After, which the
// PWA's outbox retries.
//
// A sliding window of one-second buckets: a submission is admitted only while the
// submissions admitted in the last 61 whole seconds leave room for it. The 61 buckets cover
// more than any 60-second span ending now, so no 60-second span, wherever it starts, ever
// holds more than the limit (a fixed one-minute window let twice the limit through across a
// minute boundary). The price is a steady rate slightly under the limit (600 per 61 s).
//
// The windows live in Postgres (migration 0007, rate_limit_take), so every instance on one
// database counts against one allowance. The cost on the hot path is kept to one statement
// per round, not per request: takes that arrive while a round is in the database wait and
// go together in the next one (one row per address, its costs summed, handed out first come
// first served), so under load a round serves many requests for one round trip.
import type { Context, MiddlewareHandler } from 'hono';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { API_MESSAGES } from '../../contract/messages.ts';
import { clientAddress } from './client-address.ts';
import { HttpError } from './http.ts';
import { throttledLog } from './throttled-log.ts';

/** Seconds an idle window is kept: past this its buckets are all empty. */
const WINDOW_SECONDS = 61;
/** How often one instance deletes idle windows (ms). */
const SWEEP_EVERY_MS = 60_000;

export interface RateLimiterOptions {
  db: Kysely<Database>;
  perMinute: number;
  clock: () => Date;
  /** Told when the database cannot be asked; the submission is then let through (it fails at its insert anyway). */
  onError?: (err: Error) => void;
}

export interface Grant {
  /** How many of the asked-for submissions may go ahead (all, some or none). */
  granted: number;
  /** When some were refused: seconds until at least one more would be admitted. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  take(address: string, cost: number): Promise<Grant>;
  /** Submissions refused since start (for the metrics). */
  readonly rejected: number;
}

interface Waiter {
  cost: number;
  resolve: (grant: Grant) => void;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const limit = options.perMinute;
  let waiting = new Map<string, Waiter[]>();
  let inRound = false;
  let lastSweep = 0;
  let rejected = 0;

  const runRound = async (): Promise<void> => {
    const round = waiting;
    waiting = new Map();
    const addresses = [...round.keys()].sort();
    const costs = addresses.map((a) => round.get(a)!.reduce((sum, w) => sum + w.cost, 0));
    const now = options.clock().getTime();
    let rows: Array<{ address: string; granted: number; retry_after: number }>;
    try {
      const result = await sql<{ address: string; granted: number; retry_after: number }>`
        select address, granted, retry_after
        from rate_limit_take(${addresses}::text[], ${costs}::integer[], ${limit}::integer, ${now / 1000}::double precision)
      `.execute(options.db);
      rows = result.rows;
    } catch (err) {
      options.onError?.(err as Error);
      rows = addresses.map((address, i) => ({ address, granted: costs[i]!, retry_after: 0 }));
    }
    for (const row of rows) {
      // First come, first served within the round.
      let left = row.granted;
      for (const w of round.get(row.address) ?? []) {
        const granted = Math.min(w.cost, left);
        left -= granted;
        rejected += w.cost - granted;
        w.resolve({ granted, retryAfterSeconds: granted === w.cost ? 0 : row.retry_after });
      }
    }
    if (now - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now;
      await sql`delete from rate_limit_windows where second < ${Math.floor(now / 1000) - WINDOW_SECONDS}`
        .execute(options.db)
        .catch((err: Error) => options.onError?.(err));
    }
  };

  const drain = async (): Promise<void> => {
    inRound = true;
    try {
      while (waiting.size > 0) {
        const round = waiting;
        await runRound().catch((err: Error) => {
          // Never leave a request waiting on a round that broke: let its submissions through.
          options.onError?.(err);
          for (const list of round.values()) for (const w of list) w.resolve({ granted: w.cost, retryAfterSeconds: 0 });
        });
      }
    } finally {
      inRound = false;
    }
  };

  return {
    take(address, cost) {
      if (limit <= 0 || cost <= 0) return Promise.resolve({ granted: Math.max(0, cost), retryAfterSeconds: 0 });
      return new Promise<Grant>((resolve) => {
        const list = waiting.get(address);
        if (list) list.push({ cost, resolve });
        else waiting.set(address, [{ cost, resolve }]);
        if (!inRound) void drain();
      });
    },
    get rejected() {
      return rejected;
    },
  };
}

/** The limiter's onError for a process: a database outage fails every round, so at most a line per 10 s. */
export function rateLimitErrorLog(log: (line: string) => void): (err: Error) => void {
  const throttled = throttledLog(log, 10_000);
  return (err) => throttled(`rate limit not checked (the submission goes on): ${err.message}`);
}

/** What a handler may charge beyond the one submission the middleware counted (see chargeItems). */
interface RateLimitVariable {
  take(cost: number): Promise<Grant>;
}

export function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(429, API_MESSAGES.tooManyRequests, undefined, { 'Retry-After': String(retryAfterSeconds) });
}

/** Middleware: every POST under it costs one submission from its address's allowance. */
export function postRateLimit(
  limiter: RateLimiter,
  options: { perMinute: number; trustProxy: number },
): MiddlewareHandler<{ Variables: { rateLimit: RateLimitVariable } }> {
  return async (c, next) => {
    if (options.perMinute <= 0 || c.req.method !== 'POST') return next();
    const address = clientAddress(c, options.trustProxy);
    const { granted, retryAfterSeconds } = await limiter.take(address, 1);
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
export async function chargeItems(c: Context, cost: number): Promise<Grant> {
  const rateLimit = c.get('rateLimit') as RateLimitVariable | undefined;
  return rateLimit ? rateLimit.take(cost) : { granted: Math.max(0, cost), retryAfterSeconds: 0 };
}
