// The team: members invited by an admin (a row with no password and an emailed single-use
// link, 48 hours), who choose their password when they accept; roles changed and members
// deactivated by an admin, which ends their sessions at once. The team always keeps an
// active admin, and no admin can lock themselves out.
import { sql, type Kysely } from 'kysely';
import { TEAM_MESSAGES, INVITATION_HOURS, INVITATION_RESEND_SECONDS, type Invite, type TeamMember } from '../../contract/team.ts';
import type { Role } from '../../contract/roles.ts';
import type { Database } from '../db/schema.ts';
import { defaultName, setPasswordByLink } from '../auth/admins.ts';
import { endAllSessions, type Member } from '../auth/auth.ts';
import { HttpError } from '../http/http.ts';
import { hashLinkToken, newLinkToken } from '../auth/link-tokens.ts';
import { invitationEmail, invitationLink } from '../mail/desk.ts';
import { enqueueMail } from '../mail/queue.ts';
import { isLeadId } from '../leads/history.ts';

export async function listTeam(db: Kysely<Database>): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom('admins')
    .select(['id', 'email', 'name', 'role', 'active', 'password_hash'])
    .orderBy('active', 'desc')
    .orderBy('name')
    .orderBy('email')
    .execute();
  return rows.map((r) => ({ id: r.id, email: r.email, name: r.name, role: r.role, active: r.active, joined: r.password_hash !== null }));
}

/** True when the member has an unspent invitation sent after `since`. */
async function invitedSince(db: Kysely<Database>, adminId: string, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('team_invitations')
    .select('id')
    .where('admin_id', '=', adminId)
    .where('used_at', 'is', null)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Invites a person: a member row without a password (or the same row again, for someone
 * invited before who has not joined: a new link, the old ones spent) and the email, in one
 * transaction. 409 for an email that already belongs to a member who joined, and for one
 * invited less than INVITATION_RESEND_SECONDS ago (two admins inviting at once: the address
 * is locked, so the second finds the first's invitation instead of the unique index's error).
 */
/**
 * Who invited, as the invitation says it: their name and address, or the address alone when
 * the name is only the one made from it ("owner" for owner@…), which names no one.
 */
export function inviterLabel(by: { name: string; email: string }): string {
  const name = by.name.trim();
  return name && name !== defaultName(by.email) ? `${name} (${by.email})` : by.email;
}

/** An invitation's link, as the invited person opens it (an admin may copy it from the Team page). */
export async function invite(
  db: Kysely<Database>,
  publicUrl: string,
  input: Invite,
  by: Member,
  now: Date,
): Promise<{ member: TeamMember; link: string }> {
  const token = newLinkToken();
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`invite:${input.email}`}, 0))`.execute(trx);
    const existing = await trx
      .selectFrom('admins')
      .select(['id', 'password_hash'])
      .where('email', '=', input.email)
      .forUpdate()
      .executeTakeFirst();
    if (existing?.password_hash) throw new HttpError(409, TEAM_MESSAGES.alreadyMember, { email: TEAM_MESSAGES.alreadyMember });
    // Two admins at once: the second is told. An admin's own Resend or Copy link is a new link on purpose.
    if (existing && !input.again && (await invitedSince(trx, existing.id, new Date(now.getTime() - INVITATION_RESEND_SECONDS * 1000)))) {
      throw new HttpError(409, TEAM_MESSAGES.invitedMeanwhile, { email: TEAM_MESSAGES.invitedMeanwhile });
    }
    const member = existing
      ? await trx
          .updateTable('admins')
          .set({ name: input.name, role: input.role, active: true })
          .where('id', '=', existing.id)
          .returning(['id', 'email', 'name', 'role', 'active'])
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('admins')
          .values({ email: input.email, name: input.name, role: input.role, password_hash: null })
          .returning(['id', 'email', 'name', 'role', 'active'])
          .executeTakeFirstOrThrow();
    await trx
      .updateTable('team_invitations')
      .set({ used_at: now })
      .where('admin_id', '=', member.id)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('team_invitations')
      .values({
        admin_id: member.id,
        token_hash: hashLinkToken(token),
        invited_by: by.id,
        created_at: now,
        expires_at: new Date(now.getTime() + INVITATION_HOURS * 3_600_000),
      })
      .execute();
    await enqueueMail(trx, { to: member.email, kind: 'invitation', ...invitationEmail(publicUrl, member, inviterLabel(by), token) });
    return { member: { ...member, joined: false }, link: invitationLink(publicUrl, token) };
  });
}

/** Whom a usable invitation is for (the page shows it before they choose a password), or undefined. */
export async function invitationFor(db: Kysely<Database>, token: string, now: Date): Promise<{ email: string; role: Role } | undefined> {
  return db
    .selectFrom('team_invitations')
    .innerJoin('admins', 'admins.id', 'team_invitations.admin_id')
    .select(['admins.email', 'admins.role'])
    .where('team_invitations.token_hash', '=', hashLinkToken(token))
    .where('team_invitations.used_at', 'is', null)
    .where('team_invitations.expires_at', '>', now)
    .executeTakeFirst();
}

/** Spends an invitation and sets the member's password. False for a link that is unknown, used or expired. */
export async function acceptInvitation(db: Kysely<Database>, token: string, password: string, now: Date): Promise<boolean> {
  return setPasswordByLink(db, 'team_invitations', hashLinkToken(token), password, now);
}

/**
 * Changes a member's role or active flag. Either change ends their sessions at once (their
 * next request is a 401 and their open streams end). 400 for an admin demoting or
 * deactivating themselves, 409 for a change that would leave no active admin.
 */
export async function updateMember(
  db: Kysely<Database>,
  id: string,
  change: { role?: Role | undefined; active?: boolean | undefined },
  by: Member,
  now: Date,
): Promise<TeamMember> {
  if (!isLeadId(id)) throw new HttpError(404, TEAM_MESSAGES.memberNotFound);
  if (id === by.id && ((change.role !== undefined && change.role !== 'admin') || change.active === false)) {
    throw new HttpError(400, TEAM_MESSAGES.selfLockout);
  }
  return db.transaction().execute(async (trx) => {
    // Every admin row is locked, so two admins demoting each other at once cannot both succeed.
    const admins = await trx
      .selectFrom('admins')
      .select(['id'])
      .where('role', '=', 'admin')
      .where('active', '=', true)
      .orderBy('id')
      .forUpdate()
      .execute();
    const current = await trx.selectFrom('admins').select(['id', 'role', 'active']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!current) throw new HttpError(404, TEAM_MESSAGES.memberNotFound);
    const role = change.role ?? current.role;
    const active = change.active ?? current.active;
    const stillAdmin = role === 'admin' && active;
    if (current.role === 'admin' && current.active && !stillAdmin && admins.length <= 1) throw new HttpError(409, TEAM_MESSAGES.lastAdmin);
    const updated = await trx
      .updateTable('admins')
      .set({ role, active })
      .where('id', '=', id)
      .returning(['id', 'email', 'name', 'role', 'active', 'password_hash'])
      .executeTakeFirstOrThrow();
    if (role !== current.role || active !== current.active) await endAllSessions(trx, id, now);
    return {
      id: updated.id,
      email: updated.email,
      name: updated.name,
      role: updated.role,
      active: updated.active,
      joined: updated.password_hash !== null,
    };
  });
}
