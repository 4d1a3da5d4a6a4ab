// Failed admin logins, counted per account and per client address over a sliding window
// (15 minutes): past 10 for one account or 30 from one address, login answers 429 with
// Retry-After before any password is checked. Kept in Postgres so the limit holds across
// API instances and restarts. Nothing is permanent: a block lapses as its oldest
// failures leave the window, a successful login clears the account's count, and a
// password reset (which never needs a login) clears it too, so the real admin is never
// locked out for good.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface ThrottleLimits {
  perAccount: number;
  perAddress: number;
  windowSeconds: number;
}

/** Seconds until a login for this account from this address may be tried again; 0 when it may now. */
export async function loginBlockedFor(
  db: Kysely<Database>,
  account: string,
  address: string,
  now: Date,
  limits: ThrottleLimits,
): Promise<number> {
  const since = new Date(now.getTime() - limits.windowSeconds * 1000);
  const waits = await Promise.all([
    waitFor(db, 'account', account, limits.perAccount, since, now, limits.windowSeconds),
    waitFor(db, 'address', address, limits.perAddress, since, now, limits.windowSeconds),
  ]);
  return Math.max(...waits);
}

async function waitFor(
  db: Kysely<Database>,
  column: 'account' | 'address',
  value: string,
  limit: number,
  since: Date,
  now: Date,
  windowSeconds: number,
): Promise<number> {
  // The limit-th most recent failure: once it leaves the window, the count is below the limit.
  const row = await db
    .selectFrom('admin_login_failures')
    .select('failed_at')
    .where(column, '=', value)
    .where('failed_at', '>', since)
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

export async function clearLoginFailures(db: Kysely<Database>, account: string): Promise<void> {
  await db.deleteFrom('admin_login_failures').where('account', '=', account).execute();
}
