// The parameters a deployed server hashes with are OWASP's whatever else its environment says;
// only the test runner's processes use the cheap set, and hashes of either kind verify.
import { describe, expect, it } from 'vitest';
import { fullHashCostForTest, hashParams, hashPassword, SCRYPT_PARAMS, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it("uses OWASP's parameters outside the test runner, in any NODE_ENV", () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 14, r: 8, p: 5 });
    for (const env of [{}, { NODE_ENV: 'production' }, { NODE_ENV: 'test' }, { VITEST: 'false' }, { VITEST: '1' }]) {
      expect(hashParams(env), JSON.stringify(env)).toEqual(SCRYPT_PARAMS);
    }
    expect(hashParams({ VITEST: 'true' }).N).toBeLessThan(SCRYPT_PARAMS.N);
  });

  it('verifies a hash of either cost, and only with its password', async () => {
    const cheap = await hashPassword('secret12');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    fullHashCostForTest();
    const full = await hashPassword('secret12');
    expect(full).toMatch(/^scrypt\$16384\$8\$5\$/);
    for (const stored of [cheap, full]) {
      expect(await verifyPassword('secret12', stored)).toBe(true);
      expect(await verifyPassword('secret13', stored)).toBe(false);
    }
    expect(await verifyPassword('secret12', 'bcrypt$whatever')).toBe(false);
  });
});
