// The key credentials are signed with: Ed25519, from CREDENTIAL_SIGNING_KEY (a private JWK)
// or made once and kept in credential_keys, so every instance on one database signs with
// the same key and a credential issued by one verifies against the JWKS any other serves.
// Read once per running app and kept (a key never changes while the app runs).
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { parseSigningJwk } from '../lib/signing-jwk.ts';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  /** The public half as published in the JWKS. */
  publicJwk: JWK;
}

const KEY_ROW = 'default';

async function storedOrNewJwk(db: Kysely<Database>): Promise<JWK> {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const fresh = await exportJWK(privateKey);
  // Two instances starting together: the first insert wins and both read the winner back.
  await db
    .insertInto('credential_keys')
    .values({ id: KEY_ROW, private_jwk: JSON.stringify(fresh) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db.selectFrom('credential_keys').select('private_jwk').where('id', '=', KEY_ROW).executeTakeFirstOrThrow();
  return JSON.parse(row.private_jwk) as JWK;
}

async function signingKeyFrom(jwk: JWK): Promise<SigningKey> {
  const publicJwk: JWK = { kty: 'OKP', crv: 'Ed25519', x: jwk.x };
  const kid = jwk.kid ?? (await calculateJwkThumbprint(publicJwk));
  const privateKey = (await importJWK({ ...jwk, alg: 'EdDSA' }, 'EdDSA')) as CryptoKey;
  return { kid, privateKey, publicJwk: { ...publicJwk, kid, alg: 'EdDSA', use: 'sig' } };
}

const storedKeys = new WeakMap<object, Promise<SigningKey>>();
const configuredKeys = new Map<string, Promise<SigningKey>>();

function remembered<K>(
  cache: { get(k: K): Promise<SigningKey> | undefined; set(k: K, v: Promise<SigningKey>): unknown; delete(k: K): unknown },
  k: K,
  make: () => Promise<SigningKey>,
) {
  let key = cache.get(k);
  if (!key) {
    key = make();
    // A failed read (database away) is tried again next time rather than remembered.
    key.catch(() => cache.delete(k));
    cache.set(k, key);
  }
  return key;
}

/** The signing key: the configured one, else this database's (stored, or made now and stored). */
export function signingKey(db: Kysely<Database>, configured: string | undefined): Promise<SigningKey> {
  if (configured) return remembered(configuredKeys, configured, () => signingKeyFrom(parseSigningJwk(configured)));
  return remembered(storedKeys, db, async () => signingKeyFrom(await storedOrNewJwk(db)));
}
