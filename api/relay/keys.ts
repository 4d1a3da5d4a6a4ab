// Relay keys as stored: made with 256 random bits and shown once (only the SHA-256 is kept,
// so the table leaks nothing that delivers), listed, revoked, and checked on a delivery.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RelayKey } from '../../contract/relay.ts';
import type { Database } from '../db/schema.ts';
import { iso } from '../lib/dates.ts';

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

export function newRelayKey(): string {
  return `rk_${randomBytes(32).toString('base64url')}`;
}

const COLUMNS = ['id', 'name', 'created_at', 'revoked_at', 'last_used_at'] as const;
type Row = { id: string; name: string; created_at: Date; revoked_at: Date | null; last_used_at: Date | null };
const toRelayKey = (r: Row): RelayKey => ({
  id: r.id,
  name: r.name,
  createdAt: iso(r.created_at),
  revokedAt: r.revoked_at ? iso(r.revoked_at) : null,
  lastUsedAt: r.last_used_at ? iso(r.last_used_at) : null,
});

export async function createRelayKey(db: Kysely<Database>, name: string, createdBy: string): Promise<{ key: string; relayKey: RelayKey }> {
  const key = newRelayKey();
  const row = await db
    .insertInto('relay_keys')
    .values({ name, key_hash: hashOf(key), created_by: createdBy })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { key, relayKey: toRelayKey(row) };
}

export async function listRelayKeys(db: Kysely<Database>): Promise<RelayKey[]> {
  const rows = await db.selectFrom('relay_keys').select(COLUMNS).orderBy('created_at', 'desc').execute();
  return rows.map(toRelayKey);
}

/** True when the key existed and was live; revoking twice is harmless. */
export async function revokeRelayKey(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('relay_keys')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(now)) }))
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The id of the live key, or undefined (unknown or revoked). Marks when it was last used. */
export async function liveRelayKey(db: Kysely<Database>, key: string, now: Date): Promise<string | undefined> {
  if (key.length > 100) return undefined;
  const row = await db
    .updateTable('relay_keys')
    .set({ last_used_at: now })
    .where('key_hash', '=', hashOf(key))
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
