// Admin accounts over HTTP, mounted at /api/admin:
//   POST /login                  { email, password } → { message, token, admin: { _id, email, name }, expiresAt }
//   POST /logout                 (Bearer) → { message }; the token stops working at once
//   GET  /me                     (Bearer) → { admin: { _id, email, name, role }, expiresAt, dayEmail }
//   PATCH /me                    (Bearer) { dayEmail?: "09:00" | null, columns?: { [list]: [keys] } } → the same:
//                                their morning email's time, the columns they show per list
//   POST /forgot-password        { email } → always the same { message }
//   POST /reset-password/:token  { newPassword } → { message } | 400 { message }
//   GET  /mail                   (Bearer) → { data: MailQueueEntry[] } (?status=pending|sent|failed)
import { Hono } from 'hono';
import {
  ADMIN_MESSAGES,
  adminLoginSchema,
  forgotPasswordSchema,
  RESET_TOKEN_MINUTES,
  resetPasswordSchema,
  tooManyLoginAttempts,
  type MailQueueEntry,
} from '../../contract/admin.ts';
import { BODY_MAX_BYTES, LINK_TOKEN_PATTERN } from '../../contract/api.ts';
import { nowOf, type Deps } from '../deps.ts';
import { listRows } from './admin-list.ts';
import { normalizeEmail, setPasswordByLink } from '../auth/admins.ts';
import { createBackgroundTasks } from '../lib/background.ts';
import { issueToken, revokeSession, toAdminProfile, type AdminSession } from '../auth/auth.ts';
import { sql } from 'kysely';
import { kindOfSlug } from '../../contract/lead-kinds.ts';
import { guard } from '../desk/access.ts';
import { dayEmailMinute, dayEmailText, meUpdateSchema } from '../../contract/team.ts';
import { clientAddress } from '../http/client-address.ts';
import { iso } from '../lib/dates.ts';
import { HttpError, readJsonBody } from '../http/http.ts';
import { hashLinkToken, newLinkToken } from '../auth/link-tokens.ts';
import { clearLoginFailures, loginThrottle, recordLoginFailure } from '../auth/login-throttle.ts';
import { takeSignInAllowance, takeStaffAllowance } from '../limits/rate-limit.ts';
import { setTimeout as delay } from 'node:timers/promises';
import { decoyHash, verifyPassword } from '../auth/passwords.ts';
import { validate } from '../http/validate.ts';
import { passwordResetEmail } from '../mail/password-reset.ts';
import { enqueueMail } from '../mail/queue.ts';

/** Reset emails per admin per window; more requests still get the same answer, and no mail. */
const RESET_MAILS_PER_WINDOW = 5;
const RESET_MAIL_WINDOW_MS = 15 * 60_000;

function toMailQueueEntry(row: Record<string, unknown>): MailQueueEntry {
  return {
    _id: String(row.id),
    to: String(row.to_address),
    subject: String(row.subject),
    kind: String(row.kind),
    status: row.status as MailQueueEntry['status'],
    attempts: Number(row.attempts),
    lastError: row.last_error == null ? null : String(row.last_error),
    createdAt: iso(row.created_at),
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    sentAt: row.sent_at == null ? null : iso(row.sent_at),
  };
}

/** The way in and out: POST /login, POST /logout. */
function signIn(deps: Deps): Hono {
  const { db, config } = deps;
  // Computed now, so the first unknown-email login costs what every other one does.
  decoyHash().catch(() => {});

  return new Hono()
    .post('/login', async (c) => {
      const input = validate(adminLoginSchema, await readJsonBody(c, BODY_MAX_BYTES));
      if (!input.ok) throw input.error;
      const email = normalizeEmail(input.value.email);
      const address = clientAddress(c, config.trustProxy);
      // The address's sign-in allowance, the account's own, then its failures (the throttle): never the address's public one.
      await takeSignInAllowance(deps.signInRateLimiter, address);
      await takeStaffAllowance(deps.staffRateLimiter, { account: email });
      const now = nowOf(deps);
      const limits = {
        perAccountAddress: config.loginMaxFailuresPerAccount,
        perAddress: config.loginMaxFailuresPerAddress,
        perAccountSlow: config.loginSlowAfterAccountFailures,
        windowSeconds: config.loginWindowSeconds,
      };
      const { retryAfter: wait, slow } = await loginThrottle(db, email, address, now, limits);
      if (wait > 0) throw new HttpError(429, tooManyLoginAttempts(wait), undefined, { 'Retry-After': String(wait) });
      // Failures for this account from everywhere slow every attempt at it, never refuse it.
      if (slow) await (deps.delay ?? delay)(config.loginSlowMs);

      const found = await db
        .selectFrom('admins')
        .select(['id', 'email', 'name', 'role', 'active', 'password_hash'])
        .where('email', '=', email)
        .executeTakeFirst();
      // An unknown email, an invitation not yet accepted and a deactivated member are checked
      // against a decoy hash or answered as a wrong password: same work, same answer.
      const matches = await verifyPassword(input.value.password, found?.password_hash ?? (await decoyHash()));
      if (!found || !found.password_hash || !found.active || !matches) {
        await recordLoginFailure(db, email, address, now, limits.windowSeconds);
        throw new HttpError(401, ADMIN_MESSAGES.invalidCredentials);
      }
      await clearLoginFailures(db, email, address);
      const { token, expiresAt } = await issueToken(deps, found);
      return c.json({ message: ADMIN_MESSAGES.loginSuccess, token, admin: toAdminProfile(found), expiresAt: expiresAt.toISOString() });
    })

    .post('/logout', guard(deps, 'self'), async (c) => {
      await revokeSession(db, c.get('adminSession').jti, nowOf(deps));
      return c.json({ message: ADMIN_MESSAGES.logoutSuccess });
    });
}

/** The member's own settings: GET /me, PATCH /me. */
function profile(deps: Deps): Hono {
  const { db, config } = deps;

  /** GET /me's answer: the member, their session's end, their settings and the desk's working hours. */
  const meOf = async (session: AdminSession) => {
    const row = await db
      .selectFrom('admins')
      .select(['day_email_minute', 'preferences'])
      .where('id', '=', session.admin.id)
      .executeTakeFirstOrThrow();
    return {
      admin: toAdminProfile(session.admin),
      expiresAt: session.expiresAt.toISOString(),
      dayEmail: row.day_email_minute === null ? null : dayEmailText(row.day_email_minute),
      preferences: row.preferences ?? {},
      // The console suggests follow-ups inside them.
      workingHours: { days: [...config.workingHours.days].sort(), start: config.workingHours.start, end: config.workingHours.end },
    };
  };

  return new Hono()
    .get('/me', guard(deps, 'self'), async (c) => c.json(await meOf(c.get('adminSession'))))

    .patch('/me', guard(deps, 'self'), async (c) => {
      const input = validate(meUpdateSchema, await readJsonBody(c, BODY_MAX_BYTES));
      if (!input.ok) throw input.error;
      const session = c.get('adminSession');
      const { dayEmail, columns } = input.value;
      await db.transaction().execute(async (trx) => {
        if (dayEmail !== undefined) {
          const minute = dayEmail === null ? null : (dayEmailMinute(dayEmail) ?? null);
          await trx.updateTable('admins').set({ day_email_minute: minute }).where('id', '=', session.admin.id).execute();
        }
        if (columns !== undefined) {
          // Only lists that exist; merged over what was kept before.
          const known = Object.fromEntries(Object.entries(columns).filter(([list]) => kindOfSlug(list)));
          await sql`update admins set preferences = jsonb_set(preferences, '{columns}', coalesce(preferences->'columns', '{}'::jsonb) || ${JSON.stringify(known)}::jsonb)
            where id = ${session.admin.id}`.execute(trx);
        }
      });
      return c.json(await meOf(session));
    });
}

/** A forgotten password: POST /forgot-password mails a link, POST /reset-password/:token spends it. */
function passwordReset(deps: Deps): Hono {
  const { db, config, log } = deps;
  const tasks = deps.tasks ?? createBackgroundTasks(log);

  const sendResetLink = async (email: string, now: Date): Promise<void> => {
    const found = await db.selectFrom('admins').select(['id', 'email', 'name']).where('email', '=', email).executeTakeFirst();
    if (!found) return;
    const recent = await db
      .selectFrom('password_resets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('admin_id', '=', found.id)
      .where('created_at', '>', new Date(now.getTime() - RESET_MAIL_WINDOW_MS))
      .executeTakeFirstOrThrow();
    if (Number(recent.n) < RESET_MAILS_PER_WINDOW) {
      const token = newLinkToken();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('password_resets')
          .values({
            admin_id: found.id,
            token_hash: hashLinkToken(token),
            created_at: now,
            expires_at: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
          })
          .execute();
        await enqueueMail(trx, { to: found.email, kind: 'password-reset', ...passwordResetEmail(config.publicUrl, found.name, token) });
      });
      deps.wakeMail?.();
    } else {
      log('password reset: too many requests for one admin in 15 minutes; no email sent');
    }
    // Spent links are of no further use.
    await db
      .deleteFrom('password_resets')
      .where('expires_at', '<', new Date(now.getTime() - 86_400_000))
      .execute();
  };

  return new Hono()
    .post('/forgot-password', async (c) => {
      const input = validate(forgotPasswordSchema, await readJsonBody(c, BODY_MAX_BYTES));
      if (!input.ok) throw input.error;
      const email = normalizeEmail(input.value.email);
      await takeSignInAllowance(deps.signInRateLimiter, clientAddress(c, config.trustProxy));
      await takeStaffAllowance(deps.staffRateLimiter, { account: email });
      const now = nowOf(deps);
      // Looked up and mailed after the answer has gone: a known admin and an unknown
      // address get the same answer in the same time, whatever the lookup finds.
      tasks.run('password reset', () => sendResetLink(email, now));
      return c.json({ message: ADMIN_MESSAGES.resetLinkSent });
    })

    .post('/reset-password/:token', async (c) => {
      const input = validate(resetPasswordSchema, await readJsonBody(c, BODY_MAX_BYTES));
      if (!input.ok) throw input.error;
      const token = c.req.param('token');
      const invalid = () => new HttpError(400, ADMIN_MESSAGES.resetLinkInvalid);
      if (!LINK_TOKEN_PATTERN.test(token)) throw invalid();
      const tokenHash = hashLinkToken(token);
      // A reset link stands for one account.
      await takeSignInAllowance(deps.signInRateLimiter, clientAddress(c, config.trustProxy));
      await takeStaffAllowance(deps.staffRateLimiter, { account: `reset-link:${tokenHash}` });
      const now = nowOf(deps);
      if (!(await setPasswordByLink(db, 'password_resets', tokenHash, input.value.newPassword, now))) throw invalid();
      return c.json({ message: ADMIN_MESSAGES.resetSuccess });
    });
}

/** The outgoing mail queue, for the console: GET /mail. */
function mailQueue(deps: Deps): Hono {
  const { db } = deps;
  return new Hono().get('/mail', guard(deps, 'mail.read'), async (c) => {
    const status = c.req.query('status');
    if (status !== undefined && !['pending', 'sent', 'failed'].includes(status)) {
      throw new HttpError(400, 'status must be pending, sent or failed');
    }
    const rows = await listRows(db, c, {
      table: 'mail_queue',
      columns: ['id', 'to_address', 'subject', 'kind', 'status', 'attempts', 'last_error', 'created_at', 'next_attempt_at', 'sent_at'],
      timeColumn: 'created_at',
      searchColumns: ['to_address', 'subject'],
      filter: () => (status ? (eb) => eb('status', '=', status) : undefined),
    });
    return c.json({ data: rows.map(toMailQueueEntry) });
  });
}

/** Every route above under one mount point, /api/admin (the paths are each group's own). */
export function admin(deps: Deps): Hono {
  return new Hono().route('/', signIn(deps)).route('/', profile(deps)).route('/', passwordReset(deps)).route('/', mailQueue(deps));
}
