// Admin accounts: create, change a password (which ends every session of that admin),
// and the start-up rules: ADMIN_EMAIL/ADMIN_PASSWORD create that admin or update its
// password; with no admin at all and none configured, a development server creates
// admin@localhost with a random password printed once.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ValidationError } from 'yup';
import { newAdminPassword } from '../../contract/admin.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { endAllSessions } from './auth.ts';
import { clearLoginFailures } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The message for a password that breaks the admin rule (8 to 128 characters), or null. */
export function newPasswordProblem(password: string): string | null {
  try {
    newAdminPassword.validateSync(password);
    return null;
  } catch (err) {
    if (err instanceof ValidationError) return err.message;
    throw err;
  }
}

export function defaultName(email: string): string {
  return email === DEFAULT_ADMIN_EMAIL ? 'Admin' : (email.split('@')[0] ?? 'Admin');
}

/** Creates an admin; false when that email is already an admin. */
export async function createAdmin(
  db: Kysely<Database>,
  input: { email: string; password: string; name?: string | undefined },
): Promise<boolean> {
  const problem = newPasswordProblem(input.password);
  if (problem) throw new Error(problem);
  return insertAdmin(db, { email: input.email, name: input.name, passwordHash: await hashPassword(input.password) });
}

/** Inserts an admin whose password is already hashed; false when that email is already an admin. */
export async function insertAdmin(
  db: Kysely<Database>,
  input: { email: string; name?: string | undefined; passwordHash: string },
): Promise<boolean> {
  const email = normalizeEmail(input.email);
  const row = await db
    .insertInto('admins')
    .values({ email, name: input.name?.trim() || defaultName(email), password_hash: input.passwordHash })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Sets an admin's password and ends all of that admin's sessions and outstanding reset
 * links. False when no such admin.
 */
export async function setAdminPassword(db: Kysely<Database>, email: string, password: string, now: Date = new Date()): Promise<boolean> {
  const problem = newPasswordProblem(password);
  if (problem) throw new Error(problem);
  const password_hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const admin = await trx
      .updateTable('admins')
      .set({ password_hash, password_changed_at: now })
      .where('email', '=', normalizeEmail(email))
      .returning(['id', 'email'])
      .executeTakeFirst();
    if (!admin) return false;
    await afterPasswordChange(trx, admin, now);
    return true;
  });
}

/**
 * Spends a single-use emailed link (a password reset, a team invitation) and sets the password
 * of the member it was sent to, in one transaction. False for a link that is unknown, used or
 * expired.
 */
export async function setPasswordByLink(
  db: Kysely<Database>,
  links: 'password_resets' | 'team_invitations',
  tokenHash: string,
  password: string,
  now: Date,
): Promise<boolean> {
  const usable = await db
    .selectFrom(links)
    .select('admin_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  // Cheap check first, so an unknown token costs no password hashing.
  if (!usable) return false;
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    // The update is the single-use guard: of two racing requests, one gets the row.
    const consumed = await trx
      .updateTable(links)
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('admin_id')
      .executeTakeFirst();
    if (!consumed) return false;
    const member = await trx
      .updateTable('admins')
      .set({ password_hash: passwordHash, password_changed_at: now })
      .where('id', '=', consumed.admin_id)
      .returning(['id', 'email'])
      .executeTakeFirst();
    if (!member) return false;
    await afterPasswordChange(trx, member, now);
    return true;
  });
}

/** What every password change does besides the hash: sessions, reset links and the login throttle. */
export async function afterPasswordChange(trx: Kysely<Database>, admin: { id: string; email: string }, now: Date): Promise<void> {
  await endAllSessions(trx, admin.id, now);
  await trx.updateTable('password_resets').set({ used_at: now }).where('admin_id', '=', admin.id).where('used_at', 'is', null).execute();
  await clearLoginFailures(trx, admin.email);
}

/** Start-up: the configured admin, or a first admin on an empty development database. */
export async function ensureAdmins(
  db: Kysely<Database>,
  config: Pick<Config, 'adminEmail' | 'adminPassword' | 'production'>,
  log: (line: string) => void,
  print: (line: string) => void = console.log,
): Promise<void> {
  if (config.adminEmail && config.adminPassword) {
    const existing = await db.selectFrom('admins').select('password_hash').where('email', '=', config.adminEmail).executeTakeFirst();
    if (!existing) {
      if (await createAdmin(db, { email: config.adminEmail, password: config.adminPassword })) {
        log(`admin ${config.adminEmail} created from ADMIN_EMAIL`);
      }
    } else if (!existing.password_hash || !(await verifyPassword(config.adminPassword, existing.password_hash))) {
      // Only a real change ends the sessions: a restart with the same password must not log everyone out.
      await setAdminPassword(db, config.adminEmail, config.adminPassword);
      log(`admin ${config.adminEmail}: password updated from ADMIN_PASSWORD (its sessions ended)`);
    }
    return;
  }

  const any = await db.selectFrom('admins').select('id').limit(1).executeTakeFirst();
  if (any) return;
  if (config.production) {
    log('no admin exists: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run admin -- create you@example.org`');
    return;
  }
  const password = randomBytes(12).toString('base64url');
  if (await createAdmin(db, { email: DEFAULT_ADMIN_EMAIL, password })) {
    // Printed once, here: it is stored only as a hash.
    print(
      [
        '',
        '  No admin existed, so one was created (development only):',
        `    email:    ${DEFAULT_ADMIN_EMAIL}`,
        `    password: ${password}`,
        '  Change it with `npm run admin -- set-password admin@localhost`, or set ADMIN_EMAIL and ADMIN_PASSWORD.',
        '',
      ].join('\n'),
    );
  }
}
