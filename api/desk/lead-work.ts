// Working a lead: its status and notes, its owner, its next step, and the activities logged
// on it (calls, WhatsApp messages, emails, meetings, notes). Each change is one transaction
// that locks the lead's row, writes the row's new state and appends the history, and
// announces the change; a lead the member may not see is not found.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { LeadUpdate } from '../../contract/lead-detail.ts';
import { ASSIGNMENT_MESSAGES } from '../../contract/assignment.ts';
import { ACTIVITY_MESSAGES, isClosed, statusAfterActivity, type ActivityInput, type NextActionInput } from '../../contract/activities.ts';
import type { LeadStatus, ListSlug } from '../../contract/lead-kinds.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { ListedLead } from '../leads/definitions.ts';
import { adminLabel, announce, isLeadId, record, type HistoryRow } from '../leads/history.ts';
import { retag } from '../leads/tags.ts';
import type { Member } from '../auth/auth.ts';
import { HttpError } from '../http/http.ts';
import { can, visibleTo } from './access.ts';
import { workingMinutesBetween } from './working-hours.ts';

interface LockedLead {
  id: string;
  status: LeadStatus;
  assignee_id: string | null;
  created_at: Date;
  first_contact_at: Date | null;
  next_action_type: string | null;
}

async function lockLead(trx: Transaction<Database>, lead: ListedLead, id: string, member: Member): Promise<LockedLead | undefined> {
  if (!isLeadId(id)) return undefined;
  const result = await sql<LockedLead>`
    select id, status, assignee_id, created_at, first_contact_at, next_action_type
    from ${sql.table(lead.table)} where id = ${id} and ${visibleTo(member)} for update`.execute(trx);
  return result.rows[0];
}

/** A member who may own leads: active, joined, and an admin or a counsellor. Their label, or an error. */
export async function assigneeLabel(db: Kysely<Database>, id: string): Promise<string> {
  const row = isLeadId(id)
    ? await db
        .selectFrom('admins')
        .select(['id', 'name', 'email'])
        .where('id', '=', id)
        .where('active', '=', true)
        .where('password_hash', 'is not', null)
        .where('role', 'in', ['admin', 'counsellor'])
        .executeTakeFirst()
    : undefined;
  if (!row) throw new HttpError(400, ASSIGNMENT_MESSAGES.assigneeInvalid, { assignee: ASSIGNMENT_MESSAGES.assigneeInvalid });
  return adminLabel(row);
}

/**
 * May `member` move a lead owned by `current` to `next`? Admins may assign anyone; a
 * counsellor may take a lead from the pool or give their own back, nothing else.
 */
function checkAssign(member: Member, current: string | null, next: string | null): void {
  if (can(member, 'leads.assign')) return;
  const take = current === null && next === member.id;
  const giveBack = current === member.id && next === null;
  if (!take && !giveBack) throw new HttpError(403, ASSIGNMENT_MESSAGES.assignOthers);
}

/** What every history row of one change by `member` shares. */
function by(list: ListSlug, id: string, member: Member) {
  return { list, lead_id: id, admin_id: member.id, admin_label: adminLabel(member) };
}

export interface Work {
  db: Kysely<Database>;
  config: Pick<Config, 'workingHours'>;
  now: Date;
}

async function setAssignee(
  trx: Transaction<Database>,
  lead: ListedLead,
  row: LockedLead,
  list: ListSlug,
  next: string | null,
  member: Member,
  work: Work,
): Promise<HistoryRow[]> {
  if (row.assignee_id === next) return [];
  const label = next === null ? null : await assigneeLabel(trx, next);
  await sql`update ${sql.table(lead.table)} set assignee_id = ${next}, assigned_at = ${next === null ? null : work.now} where id = ${row.id}`.execute(
    trx,
  );
  return [{ ...by(list, row.id, member), action: 'assign', assignee_id: next, assignee_label: label }];
}

async function setNextAction(
  trx: Transaction<Database>,
  lead: ListedLead,
  row: LockedLead,
  list: ListSlug,
  next: NextActionInput | null,
  member: Member,
): Promise<HistoryRow[]> {
  if (next === null && row.next_action_type === null) return [];
  const dueAt = next ? new Date(next.dueAt) : null;
  // A new due time is a new reminder: reminded_at starts again.
  await sql`update ${sql.table(lead.table)} set
      next_action_type = ${next?.type ?? null}, next_action_due_at = ${dueAt},
      next_action_note = ${next?.note || null}, next_action_reminded_at = null
    where id = ${row.id}`.execute(trx);
  const nextAction = next ? { type: next.type, dueAt: dueAt!.toISOString(), note: next.note || null } : null;
  return [{ ...by(list, row.id, member), action: 'next-action', data: { nextAction } }];
}

async function setStatus(
  trx: Transaction<Database>,
  lead: ListedLead,
  row: LockedLead,
  list: ListSlug,
  status: LeadStatus,
  member: Member,
): Promise<HistoryRow[]> {
  if (status === row.status) return [];
  await sql`update ${sql.table(lead.table)} set status = ${status} where id = ${row.id}`.execute(trx);
  return [{ ...by(list, row.id, member), action: 'status', from_status: row.status, to_status: status }];
}

/** Closed (converted, not interested, spam): no next step remains. */
async function closeIfDone(
  trx: Transaction<Database>,
  lead: ListedLead,
  row: LockedLead,
  list: ListSlug,
  status: LeadStatus,
  member: Member,
): Promise<HistoryRow[]> {
  return isClosed(status) && row.next_action_type !== null ? setNextAction(trx, lead, row, list, null, member) : [];
}

/**
 * Applies `{ status?, note?, assignee?, nextAction? }` to one lead. Resolves false when the
 * lead does not exist or the member may not see it; throws 403/400 for a change they may
 * not make.
 */
export async function updateLead(
  lead: ListedLead,
  list: ListSlug,
  id: string,
  update: LeadUpdate,
  member: Member,
  work: Work,
): Promise<boolean> {
  return work.db.transaction().execute(async (trx) => {
    const row = await lockLead(trx, lead, id, member);
    if (!row) return false;
    if (update.assignee !== undefined) checkAssign(member, row.assignee_id, update.assignee);
    const rows: HistoryRow[] = [];
    if (update.assignee !== undefined) rows.push(...(await setAssignee(trx, lead, row, list, update.assignee, member, work)));
    const status = update.status ?? row.status;
    rows.push(...(await setStatus(trx, lead, row, list, status, member)));
    if (update.nextAction !== undefined) rows.push(...(await setNextAction(trx, lead, row, list, update.nextAction, member)));
    else rows.push(...(await closeIfDone(trx, lead, row, list, status, member)));
    if (update.note !== undefined) rows.push({ ...by(list, id, member), action: 'note', note: update.note });
    rows.push(...(await retag(trx, by(list, id, member), update)));
    await record(trx, rows);
    if (rows.length > 0) {
      const owner = update.assignee !== undefined ? update.assignee : row.assignee_id;
      await announce(trx, list, [{ id, assignee: owner, ...(owner !== row.assignee_id ? { previous: row.assignee_id } : {}) }]);
    }
    return true;
  });
}

/**
 * What an activity's outcome does: it moves the status where it obviously goes; a closed lead
 * keeps no next step; otherwise the next step given replaces the pending one, and a contact
 * with an outcome but no new step completes the pending one. An attempt (no outcome yet)
 * changes neither.
 */
async function applyOutcome(
  trx: Transaction<Database>,
  lead: ListedLead,
  row: LockedLead,
  list: ListSlug,
  input: Pick<ActivityInput, 'type' | 'outcome' | 'nextAction'>,
  member: Member,
): Promise<HistoryRow[]> {
  const rows: HistoryRow[] = [];
  const status = statusAfterActivity(row.status, input.type, input.outcome);
  rows.push(...(await setStatus(trx, lead, row, list, status, member)));
  if (isClosed(status)) rows.push(...(await closeIfDone(trx, lead, row, list, status, member)));
  else if (input.nextAction !== undefined) rows.push(...(await setNextAction(trx, lead, row, list, input.nextAction, member)));
  else if (input.type !== 'note' && input.outcome !== undefined) rows.push(...(await setNextAction(trx, lead, row, list, null, member)));
  return rows;
}

/**
 * The lead's first contact, made at `at` (with its working minutes, for speed to lead), unless
 * it has one already.
 */
async function markFirstContact(trx: Transaction<Database>, lead: ListedLead, row: LockedLead, at: Date, work: Work): Promise<void> {
  if (row.first_contact_at !== null) return;
  const minutes = Math.round(workingMinutesBetween(new Date(row.created_at), at, work.config.workingHours));
  await sql`update ${sql.table(lead.table)} set first_contact_at = ${at}, first_contact_minutes = ${minutes} where id = ${row.id}`.execute(
    trx,
  );
}

/**
 * Logs an activity on a lead, as `member`, now. The first call, WhatsApp, email or meeting
 * with an outcome is the lead's first contact; an attempt (a tap on WhatsApp or Call, its
 * outcome not known yet) is only on the timeline until completeActivity gives its outcome, so
 * a tap by mistake neither moves a new lead nor stops its speed-to-lead clock. A counsellor
 * who works a lead from the pool takes it. Resolves the history id of the activity, or
 * undefined when the lead is not found.
 */
export async function logActivity(
  lead: ListedLead,
  list: ListSlug,
  id: string,
  input: ActivityInput,
  member: Member,
  work: Work,
): Promise<string | undefined> {
  return work.db.transaction().execute(async (trx) => {
    const row = await lockLead(trx, lead, id, member);
    if (!row) return undefined;
    const rows: HistoryRow[] = [];
    let owner = row.assignee_id;
    if (owner === null && member.role === 'counsellor') {
      rows.push(...(await setAssignee(trx, lead, row, list, member.id, member, work)));
      owner = member.id;
    }
    if (input.type !== 'note' && input.outcome !== undefined) await markFirstContact(trx, lead, row, work.now, work);
    const inserted = await trx
      .insertInto('lead_history')
      .values({
        ...by(list, id, member),
        action: 'activity',
        activity_type: input.type,
        outcome: input.outcome ?? null,
        note: input.note || null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    rows.push(...(await applyOutcome(trx, lead, row, list, input, member)));
    await record(trx, rows);
    await announce(trx, list, [{ id, assignee: owner, ...(owner !== row.assignee_id ? { previous: row.assignee_id } : {}) }]);
    return String(inserted.id);
  });
}

/** An attempt may be completed by whoever made it, this long after. */
export const ATTEMPT_COMPLETE_HOURS = 12;

/**
 * Completes an attempt (an activity logged when a call or a WhatsApp message was started from
 * the console, before anyone knew how it went) with its outcome, a note and the next step.
 * 404 when the lead or the attempt is not found or not theirs; 409 when it has an outcome.
 */
export async function completeActivity(
  lead: ListedLead,
  list: ListSlug,
  id: string,
  activityId: string,
  input: Omit<ActivityInput, 'type'>,
  member: Member,
  work: Work,
): Promise<boolean> {
  return work.db.transaction().execute(async (trx) => {
    const row = await lockLead(trx, lead, id, member);
    if (!row || !/^\d{1,18}$/.test(activityId)) return false;
    const activity = await trx
      .selectFrom('lead_history')
      .select(['id', 'activity_type', 'outcome', 'note', 'created_at'])
      .where('id', '=', activityId)
      .where('list', '=', list)
      .where('lead_id', '=', id)
      .where('action', '=', 'activity')
      .where('admin_id', '=', member.id)
      .where('created_at', '>', new Date(work.now.getTime() - ATTEMPT_COMPLETE_HOURS * 3_600_000))
      .forUpdate()
      .executeTakeFirst();
    if (!activity?.activity_type) return false;
    if (activity.outcome !== null) throw new HttpError(409, ACTIVITY_MESSAGES.activityComplete);
    await trx
      .updateTable('lead_history')
      .set({ outcome: input.outcome ?? null, note: input.note || activity.note })
      .where('id', '=', activity.id)
      .execute();
    // The contact was made when it was started, even though its outcome is known only now.
    if (activity.activity_type !== 'note' && input.outcome !== undefined)
      await markFirstContact(trx, lead, row, new Date(activity.created_at), work);
    const rows = await applyOutcome(trx, lead, row, list, { ...input, type: activity.activity_type }, member);
    await record(trx, rows);
    await announce(trx, list, [{ id, assignee: row.assignee_id }]);
    return true;
  });
}
