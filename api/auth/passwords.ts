// Password hashing with scrypt at one of OWASP's recommended parameter sets
// (N=2^14, r=8, p=5: 16 MiB, ~150 ms here). The parameters are stored with each hash so
// they can be raised later without breaking old hashes. Runs on libuv's thread pool.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** OWASP's parameter set: what every server outside the test runner hashes with. */
export const SCRYPT_PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
/**
 * Under the test runner (vitest sets VITEST=true, and the servers its browser tests start
 * inherit it) a cheap set instead: the suite makes thousands of accounts, and at OWASP's cost
 * each is ~150 ms of CPU on a 2-core machine, a quarter of the unit files' time (392 → 293 s
 * measured). Still scrypt, still verified: a hash carries its parameters, so either kind
 * verifies anywhere. leads.test.ts checks a deployed server's parameters, and the login
 * timing test asks for the full cost (fullHashCostForTest) since its point is that cost.
 */
const TEST_RUN_PARAMS = { N: 2 ** 10, r: 8, p: 1 } as const;
let fullCost = false;

/** The parameters new hashes are made with under `env`. */
export function hashParams(env: Readonly<Record<string, string | undefined>> = process.env): ScryptParams {
  return env.VITEST === 'true' && !fullCost ? TEST_RUN_PARAMS : SCRYPT_PARAMS;
}
type ScryptParams = { readonly N: number; readonly r: number; readonly p: number };

/** For the test that measures the hash's cost: OWASP's parameters (or, with false, the test run's again) for new hashes and the decoy. */
export function fullHashCostForTest(on = true): void {
  fullCost = on;
  decoy = undefined;
}
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, { ...options, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const params = hashParams();
  const key = await derive(password, salt, params, KEY_LENGTH);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, keyText] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await derive(password, Buffer.from(saltText, 'base64url'), { N: +n, r: +r, p: +p }, expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password, so a lookup miss costs the same time as a hit. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
