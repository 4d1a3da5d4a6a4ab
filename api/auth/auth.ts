// Admin tokens: HS256 JWTs (jose) carrying a jti that names a row in admin_sessions.
// A token is good only while its signature, algorithm (HS256, pinned), issuer, audience
// and expiry check out AND its session row exists, is not revoked and belongs to a team
// member who still exists and is active. Logout revokes the row; a password change or
// reset, a role change and a deactivation revoke every row of that member, and say so on
// the `admin_sessions` channel so open event streams on every instance end at once.
import { randomBytes, randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';
import { sql, type Kysely } from 'kysely';
import { ADMIN_MESSAGES, ADMIN_SESSION_HOURS, type AdminProfile } from '../../contract/admin.ts';
import type { Role } from '../../contract/roles.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { nowOf, type Deps } from '../deps.ts';
import { SESSION_EVENTS_CHANNEL } from './channels.ts';
import { HttpError } from '../http/http.ts';

export const TOKEN_ISSUER = 'softskills-api';
export const TOKEN_AUDIENCE = 'softskills-admin';
export const TOKEN_ALGORITHM = 'HS256';
export const SESSION_SECONDS = ADMIN_SESSION_HOURS * 3600;

export interface AdminRow {
  id: string;
  email: string;
  name: string;
}

/** A team member as a request knows them: who, and what their role lets them do. */
export interface Member extends AdminRow {
  role: Role;
}

export interface AdminSession {
  jti: string;
  admin: Member;
  expiresAt: Date;
}

export function toAdminProfile(admin: Member): AdminProfile {
  return { _id: admin.id, email: admin.email, name: admin.name, role: admin.role };
}

const keys = new WeakMap<Config, { secret: string; key: Uint8Array }>();
function signingKey(config: Config): Uint8Array {
  if (!config.jwtSecret) throw new Error('config.jwtSecret is not set (main.ts resolves it at start)');
  const cached = keys.get(config);
  if (cached && cached.secret === config.jwtSecret) return cached.key;
  const key = new TextEncoder().encode(config.jwtSecret);
  keys.set(config, { secret: config.jwtSecret, key });
  return key;
}

/** Creates a session row and the token that names it. */
export async function issueToken(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  admin: AdminRow,
): Promise<{ token: string; expiresAt: Date }> {
  const now = nowOf(deps);
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + SESSION_SECONDS) * 1000);
  const jti = randomUUID();
  await deps.db.insertInto('admin_sessions').values({ id: jti, admin_id: admin.id, created_at: now, expires_at: expiresAt }).execute();
  const token = await new SignJWT({ email: admin.email })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
    .setSubject(admin.id)
    .setJti(jti)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SESSION_SECONDS)
    .sign(signingKey(deps.config));
  return { token, expiresAt };
}

function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer[ ]+([A-Za-z0-9_.~+/=-]+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** The session a request's `Authorization: Bearer` token names, or null. */
export async function authenticate(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  authorization: string | undefined,
): Promise<AdminSession | null> {
  const token = bearer(authorization);
  if (!token || token.length > 4096) return null;
  const now = nowOf(deps);
  let jti: string | undefined;
  let sub: string | undefined;
  try {
    const { payload } = await jwtVerify(token, signingKey(deps.config), {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      currentDate: now,
      requiredClaims: ['jti', 'sub', 'exp', 'iat'],
    });
    jti = payload.jti;
    sub = payload.sub;
  } catch {
    return null;
  }
  if (!jti || !sub || !/^[0-9a-f-]{36}$/i.test(jti)) return null;
  const row = await deps.db
    .selectFrom('admin_sessions as s')
    .innerJoin('admins as a', 'a.id', 's.admin_id')
    .select(['s.id as jti', 's.expires_at', 'a.id', 'a.email', 'a.name', 'a.role'])
    .where('s.id', '=', jti)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('a.active', '=', true)
    .executeTakeFirst();
  if (!row || row.id !== sub) return null;
  return { jti: row.jti, admin: { id: row.id, email: row.email, name: row.name, role: row.role }, expiresAt: new Date(row.expires_at) };
}

export function unauthorized(): HttpError {
  return new HttpError(401, ADMIN_MESSAGES.unauthorized, undefined, { 'WWW-Authenticate': 'Bearer' });
}

export async function revokeSession(db: Kysely<Database>, jti: string, now: Date): Promise<void> {
  await db.updateTable('admin_sessions').set({ revoked_at: now }).where('id', '=', jti).where('revoked_at', 'is', null).execute();
  await sql`select pg_notify(${SESSION_EVENTS_CHANNEL}, ${`jti:${jti}`})`.execute(db);
}

/** Ends every session of a member (password change or reset, role change, deactivation). */
export async function endAllSessions(db: Kysely<Database>, adminId: string, now: Date): Promise<void> {
  await db.updateTable('admin_sessions').set({ revoked_at: now }).where('admin_id', '=', adminId).where('revoked_at', 'is', null).execute();
  // Rows past their expiry are of no further use to anyone.
  await db.deleteFrom('admin_sessions').where('expires_at', '<', now).execute();
  await sql`select pg_notify(${SESSION_EVENTS_CHANNEL}, ${adminId})`.execute(db);
}

/**
 * The key for admin tokens: JWT_SECRET when set (required in production); otherwise one
 * generated on first start and kept in DATA_DIR/jwt-secret, so tokens survive a restart.
 */
export function resolveJwtSecret(config: Config, log: (line: string) => void): string {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.production) throw new Error('JWT_SECRET is required when NODE_ENV=production');
  if (config.dataDir.startsWith('memory://')) {
    log('JWT_SECRET is not set and DATA_DIR is in memory: admin tokens end with this process');
    return randomBytes(48).toString('base64url');
  }
  const file = path.join(config.dataDir, 'jwt-secret');
  mkdirSync(config.dataDir, { recursive: true });
  // Written aside and linked into place, so a second process starting at the same moment
  // either wins or reads the complete file, never a half-written one.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  try {
    linkSync(temp, file);
    log(`JWT_SECRET is not set: generated one in ${file} (set JWT_SECRET in production)`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(temp);
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (Buffer.byteLength(secret) < 32) throw new Error(`${file} holds fewer than 32 bytes; delete it to generate a new key`);
  return secret;
}
