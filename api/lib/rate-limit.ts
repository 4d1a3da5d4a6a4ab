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
// database counts against one allowance. The cost on the hot path is kept small two ways:
//   - Rounds: takes that arrive while a round is in the database wait and go together in
//     the next one (one row per address, its costs summed, handed out first come first
//     served), so under load a round serves many requests for one round trip.
//   - Leases: an address that is flooding this instance is charged a little more than its
//     waiting requests cost (at most a second's share of the minute's limit, growing with
//     its demand), and the next requests in that same second are served from that, without
//     a round trip. A lease is only ever spent in the second it was charged to, so every
//     admission is still counted in its own second's bucket and no 60-second span holds
//     more than the limit; what is left when the second ends is given back to that bucket
//     (migration 0009, rate_limit_refund), so an address loses none of its allowance to
//     leasing for longer than about a second. A limit under 60 a minute leases nothing.
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
/** How long after its second ends an unused lease is given back when no round comes first (ms). */
const REFUND_DELAY_MS = 1_100;

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
  /** Gives back every lease whose second has ended (the limiter also does this by itself). */
  refundEnded(): Promise<void>;
  /** Submissions refused since start (for the metrics). */
  readonly rejected: number;
  /** Round trips to the database since start (rounds and refunds), for the tests. */
  readonly statements: number;
}

interface Waiter {
  cost: number;
  resolve: (grant: Grant) => void;
}

/** Allowance charged to an address's bucket of `second` and not yet spent by this instance. */
interface Lease {
  second: number;
  left: number;
  /** The extra asked for last time (the next ask doubles it, up to the cap). */
  size: number;
  /** Submissions this instance admitted for the address in `second`. */
  admitted: number;
  /** When the database refused this address in `second`: the moment it said to retry (ms). */
  refusedUntil?: number;
}

/** Allowance to give back to an address's bucket of `second`. */
interface Refund {
  address: string;
  second: number;
  amount: number;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const limit = options.perMinute;
  /** The most a lease may hold beyond the waiting requests: a second's share of the limit. */
  const leaseCap = Math.floor(limit / 60);
  let waiting = new Map<string, Waiter[]>();
  const leases = new Map<string, Lease>();
  /** Leases that hold allowance, and ended ones not yet given back. */
  const holding = new Set<string>();
  let unreturned: Refund[] = [];
  let inRound = false;
  let lastSweep = 0;
  let rejected = 0;
  let statements = 0;
  let refundTimer: NodeJS.Timeout | undefined;

  const secondOf = (ms: number) => Math.floor(ms / 1000);

  /** Ends the leases charged to seconds before `second`; what they hold, to give back. */
  const endLeases = (second: number): Refund[] => {
    const ended = unreturned;
    unreturned = [];
    for (const address of holding) {
      const lease = leases.get(address)!;
      if (lease.second === second) continue;
      ended.push({ address, second: lease.second, amount: lease.left });
      lease.left = 0;
      holding.delete(address);
    }
    return ended.sort((x, y) => (x.address < y.address ? -1 : x.address > y.address ? 1 : x.second - y.second));
  };

  const refund = async (ended: Refund[]): Promise<void> => {
    if (ended.length === 0) return;
    await sql`select rate_limit_refund(${ended.map((e) => e.address)}::text[], ${ended.map((e) => e.second)}::bigint[], ${ended.map((e) => e.amount)}::integer[])`
      .execute(options.db)
      .catch((err: Error) => options.onError?.(err))
      .finally(() => statements++);
  };

  /** While a lease holds allowance: give it back soon after its second ends, if no round does first. */
  const scheduleRefund = (): void => {
    if (refundTimer || holding.size === 0) return;
    refundTimer = setTimeout(() => {
      refundTimer = undefined;
      if (!inRound) void refundEnded();
      else scheduleRefund();
    }, REFUND_DELAY_MS);
    refundTimer.unref();
  };

  const refundEnded = async (): Promise<void> => {
    await refund(endLeases(secondOf(options.clock().getTime())));
    scheduleRefund();
  };

  /** Records what a round left over for `address` in `second`. */
  const keepLease = (
    address: string,
    second: number,
    left: number,
    admitted: number,
    size: number,
    refusedUntil: number | undefined,
  ): void => {
    const lease = leases.get(address);
    if (lease && lease.left > 0 && lease.second !== second) unreturned.push({ address, second: lease.second, amount: lease.left });
    const same = lease !== undefined && lease.second === second;
    const kept: Lease = {
      second,
      left: left + (same ? lease.left : 0),
      size,
      admitted: admitted + (same ? lease.admitted : 0),
      refusedUntil,
    };
    leases.set(address, kept);
    // Requests that queued for the next round while this one was out are served from it first.
    const queued = waiting.get(address);
    while (queued && queued.length > 0 && queued[0]!.cost <= kept.left) {
      const w = queued.shift()!;
      kept.left -= w.cost;
      kept.admitted += w.cost;
      w.resolve({ granted: w.cost, retryAfterSeconds: 0 });
    }
    if (queued?.length === 0) waiting.delete(address);
    if (kept.left > 0) holding.add(address);
    else holding.delete(address);
  };

  const runRound = async (): Promise<void> => {
    const round = waiting;
    waiting = new Map();
    const now = options.clock().getTime();
    const second = secondOf(now);
    // Give back first: the room may be needed by this very round.
    await refund(endLeases(second));
    const addresses = [...round.keys()].sort();
    const costs = addresses.map((a) => round.get(a)!.reduce((sum, w) => sum + w.cost, 0));
    // What is left of this second's lease goes towards the round's costs.
    const pooled = addresses.map((a) => {
      const lease = leases.get(a);
      if (!lease || lease.second !== second) return 0;
      const left = lease.left;
      lease.left = 0;
      holding.delete(a);
      return left;
    });
    const needs = costs.map((cost, i) => Math.max(0, cost - pooled[i]!));
    // An address that needed a round this second or the last asks for more than it needs now,
    // twice as much more each time, while this instance's admissions for it this second stay
    // within a second's share of the limit (beyond that rate leasing could hold allowance the
    // other instances are refused for); anyone else asks for just what it needs.
    const extras = addresses.map((address, i) => {
      const lease = leases.get(address);
      if (leaseCap === 0 || lease === undefined || lease.second < second - 1) return 0;
      const room = leaseCap - (lease.second === second ? lease.admitted : 0) - costs[i]!;
      return room > 0 ? Math.min(room, Math.max(costs[i]!, lease.size * 2)) : 0;
    });
    let rows: Array<{ address: string; granted: number; retry_after: number }>;
    try {
      const asks = addresses.map((_, i) => needs[i]! + extras[i]!);
      const result = await sql<{ address: string; granted: number; retry_after: number }>`
        select address, granted, retry_after
        from rate_limit_take(${addresses}::text[], ${asks}::integer[], ${limit}::integer, ${now / 1000}::double precision)
      `
        .execute(options.db)
        .finally(() => statements++);
      rows = result.rows;
    } catch (err) {
      options.onError?.(err as Error);
      rows = addresses.map((address, i) => ({ address, granted: needs[i]!, retry_after: 0 }));
    }
    const indexOf = new Map(addresses.map((a, i) => [a, i]));
    for (const row of rows) {
      const i = indexOf.get(row.address)!;
      // First come, first served within the round.
      let left = row.granted + pooled[i]!;
      let admitted = 0;
      let refused = false;
      for (const w of round.get(row.address) ?? []) {
        const granted = Math.min(w.cost, left);
        left -= granted;
        admitted += granted;
        rejected += w.cost - granted;
        refused ||= granted < w.cost;
        w.resolve({ granted, retryAfterSeconds: granted === w.cost ? 0 : row.retry_after });
      }
      const refusedUntil = refused ? now + row.retry_after * 1000 : undefined;
      keepLease(row.address, second, left, admitted, extras[i]!, refusedUntil);
    }
    scheduleRefund();
    if (now - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now;
      for (const [address, lease] of leases) if (lease.second < second - 1 && !holding.has(address)) leases.delete(address);
      await sql`delete from rate_limit_windows where second < ${second - WINDOW_SECONDS}`
        .execute(options.db)
        .catch((err: Error) => options.onError?.(err))
        .finally(() => statements++);
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

  /**
   * Answers a take without the database when this second's lease covers it, or when the
   * database refused the address earlier in this same second (a flood past its limit then
   * costs no round trips; room given back by another instance is seen from the next second).
   */
  const answerLocally = (address: string, cost: number): Grant | undefined => {
    const lease = leases.get(address);
    const now = options.clock().getTime();
    if (!lease || lease.second !== secondOf(now)) return undefined;
    if (lease.left >= cost) {
      lease.left -= cost;
      lease.admitted += cost;
      if (lease.left === 0) holding.delete(address);
      return { granted: cost, retryAfterSeconds: 0 };
    }
    if (lease.refusedUntil !== undefined && lease.refusedUntil > now) {
      rejected += cost;
      return { granted: 0, retryAfterSeconds: Math.max(1, Math.ceil((lease.refusedUntil - now) / 1000)) };
    }
    return undefined;
  };

  return {
    take(address, cost) {
      if (limit <= 0 || cost <= 0) return Promise.resolve({ granted: Math.max(0, cost), retryAfterSeconds: 0 });
      // Requests already waiting for a round go first: a lease never lets a later one overtake them.
      const local = waiting.has(address) ? undefined : answerLocally(address, cost);
      if (local) return Promise.resolve(local);
      return new Promise<Grant>((resolve) => {
        const list = waiting.get(address);
        if (list) list.push({ cost, resolve });
        else waiting.set(address, [{ cost, resolve }]);
        if (!inRound) void drain();
      });
    },
    refundEnded,
    get rejected() {
      return rejected;
    },
    get statements() {
      return statements;
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
): MiddlewareHandler<{ Variables: { rateLimit: RateLimitVariable; rateLimitClient?: string } }> {
  return async (c, next) => {
    if (options.perMinute <= 0 || c.req.method !== 'POST') return next();
    // A relay's deliveries are their own client (api/relay/access.ts), not the laptop's address.
    const address = c.get('rateLimitClient') ?? clientAddress(c, options.trustProxy);
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
