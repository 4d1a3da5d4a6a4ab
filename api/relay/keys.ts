// Relay keys, on the upstream: an admin makes one per trainer's laptop; it is shown once
// and only its SHA-256 kept. A request that carries one (`Authorization: Relay <key>`)
// may deliver submissions and nothing else; it is its own client for the rate limit, so a
// class of 200 arriving through one relay is not throttled as the one address it comes from.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { RELAY_KEY_PATTERN } from '../config.ts';

export const RELAY_AUTH_SCHEME = 'Relay';

export interface RelayKeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function createRelayKey(
  db: Kysely<Database>,
  name: string,
  createdBy: string | null,
): Promise<RelayKeySummary & { key: string }> {
  const key = `rk_${randomBytes(32).toString('base64url')}`;
  const row = await db
    .insertInto('relay_keys')
    .values({ name, key_hash: hashOf(key), created_by: createdBy })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...summary(row), key };
}

export async function listRelayKeys(db: Kysely<Database>): Promise<RelayKeySummary[]> {
  const rows = await db.selectFrom('relay_keys').selectAll().orderBy('created_at', 'desc').execute();
  return rows.map(summary);
}

/** Revokes a key; false when there is no such key. A revoked key stays listed (when it stopped working). */
export async function revokeRelayKey(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('relay_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (row) return true;
  return (await db.selectFrom('relay_keys').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The id of a key that works, or undefined (unknown, revoked, or not a key at all). */
export async function verifyRelayKey(db: Kysely<Database>, key: string, now: Date): Promise<string | undefined> {
  if (!RELAY_KEY_PATTERN.test(key)) return undefined;
  const row = await db
    .selectFrom('relay_keys')
    .select(['id', 'last_used_at'])
    .where('key_hash', '=', hashOf(key))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  // When it was last used, to the minute: enough for the console, one write a minute at most.
  if (row.last_used_at === null || now.getTime() - new Date(row.last_used_at).getTime() > 60_000) {
    await db.updateTable('relay_keys').set({ last_used_at: now }).where('id', '=', row.id).execute();
  }
  return row.id;
}

function summary(row: {
  id: string;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
}) {
  return { id: row.id, name: row.name, createdAt: iso(row.created_at)!, lastUsedAt: iso(row.last_used_at), revokedAt: iso(row.revoked_at) };
}
