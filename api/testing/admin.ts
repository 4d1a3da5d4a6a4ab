// An admin and a session token for tests that read the admin lists without going through
// the login (which the admin tests themselves cover).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Role } from '../../contract/desk.ts';
import { createAdmin } from '../auth/admins.ts';
import { issueToken } from '../auth/auth.ts';
import { testConfig } from './app.ts';

/**
 * Creates the admin (kept if it already exists) and signs a token for it. Pass the app's
 * clock when the test moves time, or the token may look issued in the future or expired.
 */
export async function adminToken(db: Kysely<Database>, email: string, clock?: () => Date): Promise<string> {
  await createAdmin(db, { email, password: 'correct horse battery', name: 'Test Admin' });
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
  await createAdmin(db, { email, password: 'correct horse battery', name: email.split('@')[0] });
  const member = await db
    .updateTable('admins')
    .set({ role })
    .where('email', '=', email)
    .returning(['id', 'email', 'name', 'role'])
    .executeTakeFirstOrThrow();
  return { id: member.id, token: (await issueToken({ db, config: testConfig(), clock }, member)).token };
}
