// A per-address ceiling on public submissions, generous enough for a classroom behind one
// NAT (the default is 600 a minute). Counted per submission, not per request: a sync batch
// of 100 queued submissions costs 100. Beyond the ceiling: 429 with Retry-After, which the
// PWA's outbox retries. The same limiter, with allowances of their own, counts a relay key's
// deliveries (a day of classes after an outage) and each staff account's actions: the three
// never share an allowance.
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
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { API_MESSAGES } from '../../contract/messages.ts';
import { tooManySignInRequests } from '../../contract/admin.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError } from '../http/http.ts';
import { LeaseBook, type Refund } from './rate-limit-leases.ts';
import { throttledLog } from '../lib/throttled-log.ts';

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

interface TakeRow {
  address: string;
  granted: number;
  retry_after: number;
}

const secondOf = (ms: number) => Math.floor(ms / 1000);

/** One round trip: charges each address its ask in the windows of every instance. */
async function takeInDatabase(db: Kysely<Database>, addresses: string[], asks: number[], limit: number, now: number): Promise<TakeRow[]> {
  const result = await sql<TakeRow>`
    select address, granted, retry_after
    from rate_limit_take(${addresses}::text[], ${asks}::integer[], ${limit}::integer, ${now / 1000}::double precision)
  `.execute(db);
  return result.rows;
}

/** Gives back to each address's bucket what its ended leases held. */
async function refundInDatabase(db: Kysely<Database>, ended: Refund[]): Promise<void> {
  await sql`select rate_limit_refund(${ended.map((e) => e.address)}::text[], ${ended.map((e) => e.second)}::bigint[], ${ended.map((e) => e.amount)}::integer[])`.execute(
    db,
  );
}

/** First come, first served within a round: each waiter gets what is left; what is refused, and what is left over. */
function serveInOrder(waiters: readonly Waiter[], available: number, retryAfter: number) {
  let left = available;
  let admitted = 0;
  let refused = 0;
  for (const w of waiters) {
    const granted = Math.min(w.cost, left);
    left -= granted;
    admitted += granted;
    refused += w.cost - granted;
    w.resolve({ granted, retryAfterSeconds: granted === w.cost ? 0 : retryAfter });
  }
  return { left, admitted, refused };
}

/** The statements and timer that give ended leases back to their buckets. */
interface Refunds {
  /** Gives back what the given leases held (one round trip, none when there are none). */
  refund(ended: Refund[]): Promise<void>;
  /** Gives back every lease whose second has ended, then waits for the next. */
  refundEnded(): Promise<void>;
  /** While a lease holds allowance: give it back soon after its second ends, if no round does first. */
  schedule(): void;
}

function createRefunds(
  db: Kysely<Database>,
  book: LeaseBook,
  clock: () => Date,
  counted: (work: Promise<void>) => Promise<void>,
  roundRunning: () => boolean,
): Refunds {
  let timer: NodeJS.Timeout | undefined;
  const refund = async (ended: Refund[]): Promise<void> => {
    if (ended.length > 0) await counted(refundInDatabase(db, ended));
  };
  const schedule = (): void => {
    if (timer || !book.holdsAllowance) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (!roundRunning()) void refundEnded();
      else schedule();
    }, REFUND_DELAY_MS);
    timer.unref();
  };
  const refundEnded = async (): Promise<void> => {
    await refund(book.endBefore(secondOf(clock().getTime())));
    schedule();
  };
  return { refund, refundEnded, schedule };
}

/**
 * What a round asks of the database for each address (in address order): its waiters' costs
 * beyond what its lease still holds this second, plus the lease it is given for the rest of
 * the second.
 */
function planRound(book: LeaseBook, round: Map<string, Waiter[]>, second: number) {
  const addresses = [...round.keys()].sort();
  const costs = addresses.map((a) => round.get(a)!.reduce((sum, w) => sum + w.cost, 0));
  const pooled = addresses.map((a) => book.pool(a, second));
  const needs = costs.map((cost, i) => Math.max(0, cost - pooled[i]!));
  const extras = addresses.map((a, i) => book.extra(a, second, costs[i]!));
  return { addresses, pooled, needs, extras, asks: needs.map((need, i) => need + extras[i]!) };
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { db, clock } = options;
  const limit = options.perMinute;
  const book = new LeaseBook(Math.floor(limit / 60));
  const counters = { rejected: 0, statements: 0 };
  /** Takes waiting for the next round, per address in arrival order. */
  let waiting = new Map<string, Waiter[]>();
  let inRound = false;
  let lastSweep = 0;

  /** A statement that counts as a round trip; a failure is told and otherwise ignored. */
  const counted = (work: Promise<void>) => work.catch((err: Error) => options.onError?.(err)).finally(() => counters.statements++);
  const refunds = createRefunds(db, book, clock, counted, () => inRound);

  /** Requests that queued for the next round while this one was out are served from its lease first. */
  const serveQueued = (address: string): void => {
    const queued = waiting.get(address);
    while (queued && queued.length > 0 && book.spend(address, queued[0]!.cost)) {
      const w = queued.shift()!;
      w.resolve({ granted: w.cost, retryAfterSeconds: 0 });
    }
    if (queued?.length === 0) waiting.delete(address);
  };

  const runRound = async (round: Map<string, Waiter[]>): Promise<void> => {
    const now = clock().getTime();
    const second = secondOf(now);
    // Give back first: the room may be needed by this very round.
    await refunds.refund(book.endBefore(second));
    const { addresses, pooled, needs, extras, asks } = planRound(book, round, second);
    let rows: TakeRow[];
    try {
      rows = await takeInDatabase(db, addresses, asks, limit, now).finally(() => counters.statements++);
    } catch (err) {
      options.onError?.(err as Error);
      rows = addresses.map((address, i) => ({ address, granted: needs[i]!, retry_after: 0 }));
    }
    const indexOf = new Map(addresses.map((a, i) => [a, i]));
    for (const row of rows) {
      const i = indexOf.get(row.address)!;
      const served = serveInOrder(round.get(row.address) ?? [], row.granted + pooled[i]!, row.retry_after);
      counters.rejected += served.refused;
      const refusedUntil = served.refused > 0 ? now + row.retry_after * 1000 : undefined;
      book.keep(row.address, second, { left: served.left, admitted: served.admitted, size: extras[i]!, refusedUntil });
      serveQueued(row.address);
    }
    refunds.schedule();
    if (now - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now;
      book.sweep(second);
      await counted(sql`delete from rate_limit_windows where second < ${second - WINDOW_SECONDS}`.execute(db).then(() => undefined));
    }
  };

  const drain = async (): Promise<void> => {
    inRound = true;
    try {
      while (waiting.size > 0) {
        const round = waiting;
        waiting = new Map();
        await runRound(round).catch((err: Error) => {
          // Never leave a request waiting on a round that broke: let its submissions through.
          options.onError?.(err);
          for (const list of round.values()) for (const w of list) w.resolve({ granted: w.cost, retryAfterSeconds: 0 });
        });
      }
    } finally {
      inRound = false;
    }
  };

  /** Answers a take from this second's lease, or this second's refusal, without the database. */
  const answerLocally = (address: string, cost: number): Grant | undefined => {
    const answer = book.answer(address, cost, clock().getTime());
    if (answer?.kind === 'granted') return { granted: cost, retryAfterSeconds: 0 };
    if (answer?.kind !== 'refused') return undefined;
    counters.rejected += cost;
    return { granted: 0, retryAfterSeconds: answer.retryAfterSeconds };
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
    refundEnded: refunds.refundEnded,
    get rejected() {
      return counters.rejected;
    },
    get statements() {
      return counters.statements;
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

/** Where the staff's routes live (logins, the console's API): never under the public limit. */
export const STAFF_PATH_PREFIX = '/api/admin';

export function isStaffPath(path: string): boolean {
  return path === STAFF_PATH_PREFIX || path.startsWith(`${STAFF_PATH_PREFIX}/`);
}

/** The allowances submissions are counted against: an address's, and a relay key's. */
export interface SubmissionAllowances {
  public: { limiter: RateLimiter; perMinute: number };
  relay: { limiter: RateLimiter; perMinute: number };
}

/**
 * Middleware: every POST under it costs one submission, from its relay key's allowance when a
 * relay delivers it (api/relay/access.ts), else from its address's. Staff routes are not
 * counted here: a class behind the college's one address must not lock out its trainer and
 * counsellors; they have allowances of their own, per account (takeStaffAllowance).
 */
export function postRateLimit(
  allowances: SubmissionAllowances,
  options: { trustProxy: number; uncounted?: readonly string[] },
): MiddlewareHandler<{ Variables: { rateLimit: RateLimitVariable; rateLimitClient?: string } }> {
  const uncounted = new Set(options.uncounted ?? []);
  return async (c, next) => {
    if (c.req.method !== 'POST' || isStaffPath(c.req.path) || uncounted.has(c.req.path)) return next();
    const relay = c.get('rateLimitClient');
    const { limiter, perMinute } = relay === undefined ? allowances.public : allowances.relay;
    if (perMinute <= 0) return next();
    const client = relay ?? clientAddress(c, options.trustProxy);
    const { granted, retryAfterSeconds } = await limiter.take(client, 1);
    if (granted < 1) throw tooManyRequests(retryAfterSeconds);
    c.set('rateLimit', { take: (cost) => limiter.take(client, cost) });
    return next();
  };
}

/**
 * Charges one staff action to its account's own allowance: a member's console write, or a
 * way in for an account not yet signed in (a login or reset request for an email, a reset or
 * invitation link), keyed by a hash so no email or link is kept in the windows. 429 past it.
 * Nothing is charged when the app has no staff limiter.
 */
export async function takeStaffAllowance(limiter: RateLimiter | undefined, who: { member: string } | { account: string }): Promise<void> {
  if (!limiter) return;
  const key =
    'member' in who ? `staff:${who.member}` : `staff-account:${createHash('sha256').update(who.account).digest('hex').slice(0, 32)}`;
  const { granted, retryAfterSeconds } = await limiter.take(key, 1);
  if (granted < 1) throw tooManyRequests(retryAfterSeconds);
}

/**
 * Charges a signed-out staff request (a login, a reset request or link, an invitation's
 * acceptance) to its client address's own allowance, beside its account's: one address
 * cannot try many accounts or links. Its own limiter, so a class using up the address's
 * public allowance never touches it. 429 past it, saying what was refused and for how long.
 */
export async function takeSignInAllowance(limiter: RateLimiter | undefined, address: string): Promise<void> {
  if (!limiter) return;
  const { granted, retryAfterSeconds } = await limiter.take(`sign-in:${address}`, 1);
  if (granted < 1)
    throw new HttpError(429, tooManySignInRequests(retryAfterSeconds), undefined, { 'Retry-After': String(retryAfterSeconds) });
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
