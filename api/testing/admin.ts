// An admin and a session token for tests that read the admin lists without going through
// the login (which the admin tests themselves cover).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Role } from '../../contract/roles.ts';
import { insertAdmin } from '../auth/admins.ts';
import { issueToken } from '../auth/auth.ts';
import { hashPassword } from '../auth/passwords.ts';
import { testConfig } from './app.ts';

/** Every test member's password: they log in with it where a test goes through the login. */
export const TEST_MEMBER_PASSWORD = 'correct horse battery';

let memberPasswordHash: Promise<string> | undefined;

/**
 * A member with the test password, hashed by the product's own scrypt once per process, not
 * once per member: each hash costs ~150 ms of CPU by design, and suites create many members.
 */
async function addMember(db: Kysely<Database>, email: string, name: string | undefined): Promise<void> {
  memberPasswordHash ??= hashPassword(TEST_MEMBER_PASSWORD);
  await insertAdmin(db, { email, name, passwordHash: await memberPasswordHash });
}

/**
 * Creates the admin (kept if it already exists) and signs a token for it. Pass the app's
 * clock when the test moves time, or the token may look issued in the future or expired.
 */
export async function adminToken(db: Kysely<Database>, email: string, clock?: () => Date): Promise<string> {
  await addMember(db, email, 'Test Admin');
  const admin = await db.selectFrom('admins').select(['id', 'email', 'name']).where('email', '=', email).executeTakeFirstOrThrow();
  return (await issueToken({ db, config: testConfig(), clock }, admin)).token;
}

/**
 * A team member of `role` (joined, active) and a token for them. Resolves their id too, for
 * assigning leads to them.
 */
export async function memberToken(
  db: Kysely<Database>,
  email: string,
  role: Role,
  clock?: () => Date,
): Promise<{ id: string; token: string }> {
  await addMember(db, email, email.split('@')[0]);
  const member = await db
    .updateTable('admins')
    .set({ role })
    .where('email', '=', email)
    .returning(['id', 'email', 'name', 'role'])
    .executeTakeFirstOrThrow();
  return { id: member.id, token: (await issueToken({ db, config: testConfig(), clock }, member)).token };
}
