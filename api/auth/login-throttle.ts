// Failed admin logins over a sliding window (15 minutes), kept in Postgres so the limits
// hold across API instances and restarts:
//
// - per account *and* client address (10): past it, that address gets 429 with Retry-After
//   for that account, before any password is checked;
// - per client address (30), whatever the accounts: 429 likewise;
// - per account from anywhere, a much higher ceiling (100) that never refuses: past it,
//   each login for the account waits a little before its password is checked (slowing a
//   guesser spread over many addresses), so nobody can lock the real admin out by failing
//   with their email from elsewhere.
//
// Nothing is permanent: a block lapses as its oldest failures leave the window, a
// successful login clears its own address's count for the account, and a password reset
// (which never needs a login) clears the account's count everywhere.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface ThrottleLimits {
  /** Failures for one account from one address before 429. */
  perAccountAddress: number;
  /** Failures from one address, any accounts, before 429. */
  perAddress: number;
  /** Failures for one account from anywhere past which each attempt is slowed (never refused). */
  perAccountSlow: number;
  windowSeconds: number;
}

export interface ThrottleVerdict {
  /** Seconds until a login for this account from this address may be tried again; 0 when it may now. */
  retryAfter: number;
  /** The account is past its ceiling: delay this attempt. */
  slow: boolean;
}

export async function loginThrottle(
  db: Kysely<Database>,
  account: string,
  address: string,
  now: Date,
  limits: ThrottleLimits,
): Promise<ThrottleVerdict> {
  const since = new Date(now.getTime() - limits.windowSeconds * 1000);
  const [pair, fromAddress, onAccount] = await Promise.all([
    waitFor(db, { account, address }, limits.perAccountAddress, since, now, limits.windowSeconds),
    waitFor(db, { address }, limits.perAddress, since, now, limits.windowSeconds),
    waitFor(db, { account }, limits.perAccountSlow, since, now, limits.windowSeconds),
  ]);
  return { retryAfter: Math.max(pair, fromAddress), slow: onAccount > 0 };
}

async function waitFor(
  db: Kysely<Database>,
  match: { account?: string; address?: string },
  limit: number,
  since: Date,
  now: Date,
  windowSeconds: number,
): Promise<number> {
  // The limit-th most recent failure: once it leaves the window, the count is below the limit.
  let query = db.selectFrom('admin_login_failures').select('failed_at').where('failed_at', '>', since);
  if (match.account !== undefined) query = query.where('account', '=', match.account);
  if (match.address !== undefined) query = query.where('address', '=', match.address);
  const row = await query
    .orderBy('failed_at', 'desc')
    .offset(limit - 1)
    .limit(1)
    .executeTakeFirst();
  if (!row) return 0;
  const until = new Date(row.failed_at).getTime() + windowSeconds * 1000;
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
}

export async function recordLoginFailure(
  db: Kysely<Database>,
  account: string,
  address: string,
  now: Date,
  windowSeconds: number,
): Promise<void> {
  await db.insertInto('admin_login_failures').values({ account, address, failed_at: now }).execute();
  // Forget what has left the window, so the table stays small.
  await db
    .deleteFrom('admin_login_failures')
    .where('failed_at', '<=', new Date(now.getTime() - windowSeconds * 1000))
    .execute();
}

/** Clears an account's failures: from one address (a successful login there), or everywhere (a reset). */
export async function clearLoginFailures(db: Kysely<Database>, account: string, address?: string): Promise<void> {
  let query = db.deleteFrom('admin_login_failures').where('account', '=', account);
  if (address !== undefined) query = query.where('address', '=', address);
  await query.execute();
}
