// The VAPID key pushes are signed with (RFC 8292): the configured pair, or one made once and
// kept in push_keys, so every instance on one database signs with the same key and a
// browser subscribed through one instance is pushed by any other. Read once per running
// app and kept (the key never changes while it runs).
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../db/schema.ts';
import type { PushConfig, VapidKeys } from '../config/push.ts';

const KEY_ROW = 'default';

async function storedOrNewKeys(db: Kysely<Database>): Promise<VapidKeys> {
  const fresh = webpush.generateVAPIDKeys();
  // Two instances starting together: the first insert wins and both read the winner back.
  await db
    .insertInto('push_keys')
    .values({ id: KEY_ROW, public_key: fresh.publicKey, private_key: fresh.privateKey })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db.selectFrom('push_keys').select(['public_key', 'private_key']).where('id', '=', KEY_ROW).executeTakeFirstOrThrow();
  return { publicKey: row.public_key, privateKey: row.private_key };
}

const stored = new WeakMap<object, Promise<VapidKeys>>();

/** The key pair: the configured one, else this database's (stored, or made now and stored). */
export function vapidKeys(db: Kysely<Database>, config: Pick<PushConfig, 'vapidKeys'>): Promise<VapidKeys> {
  if (config.vapidKeys) return Promise.resolve(config.vapidKeys);
  let keys = stored.get(db);
  if (!keys) {
    keys = storedOrNewKeys(db);
    // A failed read (database away) is tried again next time rather than remembered.
    keys.catch(() => stored.delete(db));
    stored.set(db, keys);
  }
  return keys;
}
