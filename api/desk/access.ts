// Who may do what, decided in one place (the team's design notes, ../shared/design.md, "Who may see what"):
//
// - A member's role gives their permissions (PERMISSIONS in contract/desk.ts, which the
//   console reads too, to show only what a member may use). Every admin route is
//   declared with `guard(deps, permission)`, which authenticates the token and checks the
//   permission; the guard is tagged, so the role-matrix test finds every route's rule in the
//   app's route table and a route without one fails it.
// - One scope, `visibleTo(member)`, narrows every read of leads (lists, detail, people,
//   search, events, export, My day, overview) and every write that touches one (merge and
//   its undo, bulk changes): a counsellor sees the leads assigned to them and the
//   unassigned ones, and a lead another counsellor owns is absent (404), not forbidden.
// - Classroom sessions have theirs, `sessionsVisibleTo(member)`: a trainer sees the sessions
//   they made, an admin every one; another trainer's session is absent (404) too.
import type { MiddlewareHandler } from 'hono';
import { sql, type RawBuilder } from 'kysely';
import { can, type Permission } from '../../contract/roles.ts';
import { DESK_MESSAGES } from '../../contract/desk.ts';
import type { Deps } from '../deps.ts';
import { authenticate, unauthorized, type AdminSession, type Member } from '../auth/auth.ts';
import { HttpError } from '../http/http.ts';
import { takeStaffAllowance } from '../limits/rate-limit.ts';
import { ALL_LEADS } from '../leads/list-query.ts';

export { can, PERMISSIONS, type Permission } from '../../contract/roles.ts';

export function forbidden(): HttpError {
  return new HttpError(403, DESK_MESSAGES.forbidden);
}

/** The tag the role-matrix test reads off a route's handlers. */
export const GUARD = Symbol('guard');
export type Guarded = MiddlewareHandler & { [GUARD]: Permission };
export type SessionVariables = { Variables: { adminSession: AdminSession } };

/** Methods that change nothing, so cost no staff allowance. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Middleware: 401 without a valid token of an active member, 403 when their role lacks
 * `permission`, 429 past the member's own allowance of writes (never their address's);
 * otherwise the session is `c.get('adminSession')`.
 */
export function guard(deps: Deps, permission: Permission): MiddlewareHandler<SessionVariables> {
  const handler: MiddlewareHandler<SessionVariables> = async (c, next) => {
    const session = await authenticate(deps, c.req.header('authorization'));
    if (!session) throw unauthorized();
    if (!can(session.admin, permission)) throw forbidden();
    if (!READS.has(c.req.method)) await takeStaffAllowance(deps.staffRateLimiter, { member: session.admin.id });
    c.set('adminSession', session);
    await next();
  };
  return Object.assign(handler, { [GUARD]: permission });
}

export function permissionOf(handler: unknown): Permission | undefined {
  return typeof handler === 'function' ? (handler as Partial<Guarded>)[GUARD] : undefined;
}

/** True when the member sees every lead; false when only theirs and the pool. */
export function seesAllLeads(member: Pick<Member, 'role'>): boolean {
  return member.role === 'admin' || member.role === 'viewer';
}

/**
 * The leads a member may see, as a condition on a lead table's row (alias-free, or on
 * `alias.` when given). Every read of leads goes through it.
 */
export function visibleTo(member: Pick<Member, 'id' | 'role'>, alias?: string): RawBuilder<boolean> {
  // The very ALL_LEADS: queryLeads then totals a list from the kept counts instead of counting it.
  if (seesAllLeads(member)) return ALL_LEADS;
  const column = alias ? sql.ref(`${alias}.assignee_id`) : sql.ref('assignee_id');
  if (member.role === 'counsellor') return sql<boolean>`(${column} = ${member.id} or ${column} is null)`;
  return sql<boolean>`false`;
}

/** The same rule for a lead already read: may this member see a lead assigned to `assigneeId`? */
export function canSee(member: Pick<Member, 'id' | 'role'>, assigneeId: string | null): boolean {
  if (seesAllLeads(member)) return true;
  return member.role === 'counsellor' && (assigneeId === null || assigneeId === member.id);
}

/**
 * The classroom sessions a member may see, as a condition on a `classroom_sessions` row
 * (on `alias.` when given): an admin every one, a trainer those they made. Every read of a
 * session (list, detail, live counts, report, PDF) goes through it.
 */
export function sessionsVisibleTo(member: Pick<Member, 'id' | 'role'>, alias?: string): RawBuilder<boolean> {
  if (member.role === 'admin') return sql<boolean>`true`;
  const column = alias ? sql.ref(`${alias}.created_by`) : sql.ref('created_by');
  if (member.role === 'trainer') return sql<boolean>`(${column} = ${member.id})`;
  return sql<boolean>`false`;
}
