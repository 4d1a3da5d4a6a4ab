// Undoing a bulk change (desk/bulk.ts), once: each lead it changed is put back as it was,
// unless the lead was changed since (its field no longer holds what the change wrote, or a
// later timeline entry of the same kind exists: a member, a rule or another bulk change
// touched it) or is no longer the member's to act on; those are left alone and counted.
// Set based like the change itself, and written in each restored lead's timeline.
import { sql, type RawBuilder, type Transaction } from 'kysely';
import { BULK_MESSAGES, type BulkAction, type UndoResult } from '../../contract/bulk.ts';
import { isClosed } from '../../contract/activities.ts';
import type { ListSlug } from '../../contract/lead-kinds.ts';
import type { Database } from '../db/schema.ts';
import type { ListedLead } from '../leads/definitions.ts';
import { adminLabel, announce, isLeadId, type Changed } from '../leads/history.ts';
import type { Member } from '../auth/auth.ts';
import { HttpError } from '../http/http.ts';
import { seesAllLeads, visibleTo } from './access.ts';
import type { Work } from './lead-work.ts';

type Changing = Exclude<BulkAction, { type: 'export' }>;

interface Ctx {
  trx: Transaction<Database>;
  table: RawBuilder<unknown>;
  change: string;
  member: Member;
}

/** The lead still holds what the change wrote (`t` the lead, `b` its bulk_change_leads row). */
function stillAsChanged(action: Changing): { same: RawBuilder<boolean>; kinds: string[] } {
  switch (action.type) {
    case 'status':
      // Closing cleared the next step: a lead given a new one since is changed since.
      return {
        same: sql<boolean>`t.status = ${action.status} and (b.next_action_type is null or t.next_action_type is null)`,
        kinds: ['status'],
      };
    case 'assign':
      return { same: sql<boolean>`t.assignee_id is not distinct from b.new_assignee_id`, kinds: ['assign'] };
    case 'nextAction':
      return {
        same: sql<boolean>`t.next_action_type = ${action.nextAction.type} and t.next_action_due_at = ${new Date(action.nextAction.dueAt)}`,
        kinds: ['next-action'],
      };
    case 'tag':
      return {
        same: sql<boolean>`exists (select 1 from lead_tags g where g.list = b.list and g.lead_id = b.lead_id and g.tag = ${action.tag})`,
        kinds: [],
      };
  }
}

/** Marks the leads that can be put back; resolves how many. */
async function markRestorable(ctx: Ctx, action: Changing): Promise<number> {
  const { same, kinds } = stillAsChanged(action);
  const later =
    kinds.length === 0
      ? sql<boolean>`true`
      : sql<boolean>`not exists (select 1 from lead_history h where h.list = b.list and h.lead_id = b.lead_id
          and h.id > b.history_id and h.action = any(${kinds}::text[]))`;
  const result = await sql<{ n: number }>`
    with marked as (
      update bulk_change_leads b set restored = true from ${ctx.table} t
      where b.change_id = ${ctx.change} and t.id = b.lead_id and ${visibleTo(ctx.member, 't')} and ${same} and ${later}
      returning 1
    ) select count(*)::int as n from marked`.execute(ctx.trx);
  return result.rows[0]?.n ?? 0;
}

async function history(ctx: Ctx, entry: RawBuilder<unknown>, only: RawBuilder<boolean> = sql`true`): Promise<void> {
  await sql`
    insert into lead_history (list, lead_id, admin_id, admin_label, action, from_status, to_status, assignee_id, assignee_label, note, data)
    select b.list, b.lead_id, ${ctx.member.id}::uuid, ${adminLabel(ctx.member)}, ${entry}
    from bulk_change_leads b left join admins a on a.id = b.assignee_id
    where b.change_id = ${ctx.change} and b.restored and ${only} order by b.lead_id`.execute(ctx.trx);
}

const undoMark = (ctx: Ctx, extra: RawBuilder<unknown> = sql`'{}'::jsonb`) =>
  sql`(${extra} || jsonb_build_object('undo', ${ctx.change}::text))`;

const previousNextAction = sql`case when b.next_action_type is null then null else jsonb_build_object('type', b.next_action_type,
  'dueAt', to_char(b.next_action_due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'note', b.next_action_note) end`;

const fromChange = (ctx: Ctx) => sql`from bulk_change_leads b where b.change_id = ${ctx.change} and b.restored and t.id = b.lead_id`;

async function restore(ctx: Ctx, action: Changing): Promise<void> {
  switch (action.type) {
    case 'status': {
      await sql`update ${ctx.table} t set status = b.status ${fromChange(ctx)}`.execute(ctx.trx);
      await history(ctx, sql`'status', ${action.status}, b.status, null, null, null, ${undoMark(ctx)}`);
      if (!isClosed(action.status)) return;
      // Closing cleared the next step: it comes back.
      await sql`update ${ctx.table} t set next_action_type = b.next_action_type, next_action_due_at = b.next_action_due_at,
          next_action_note = b.next_action_note, next_action_reminded_at = b.next_action_reminded_at
        ${fromChange(ctx)} and b.next_action_type is not null`.execute(ctx.trx);
      await history(
        ctx,
        sql`'next-action', null, null, null, null, null, ${undoMark(ctx, sql`jsonb_build_object('nextAction', ${previousNextAction})`)}`,
        sql`b.next_action_type is not null`,
      );
      return;
    }
    case 'assign':
      await sql`update ${ctx.table} t set assignee_id = b.assignee_id, assigned_at = b.assigned_at ${fromChange(ctx)}`.execute(ctx.trx);
      await history(ctx, sql`'assign', null, null, b.assignee_id, coalesce(nullif(btrim(a.name), ''), a.email), null, ${undoMark(ctx)}`);
      return;
    case 'nextAction':
      await sql`update ${ctx.table} t set next_action_type = b.next_action_type, next_action_due_at = b.next_action_due_at,
          next_action_note = b.next_action_note, next_action_reminded_at = b.next_action_reminded_at ${fromChange(ctx)}`.execute(ctx.trx);
      await history(
        ctx,
        sql`'next-action', null, null, null, null, null, ${undoMark(ctx, sql`jsonb_build_object('nextAction', ${previousNextAction})`)}`,
      );
      return;
    case 'tag':
      await sql`delete from lead_tags g using bulk_change_leads b
        where b.change_id = ${ctx.change} and b.restored and g.list = b.list and g.lead_id = b.lead_id and g.tag = ${action.tag}`.execute(
        ctx.trx,
      );
      await history(ctx, sql`'tag', null, null, null, null, ${action.tag}, ${undoMark(ctx, sql`jsonb_build_object('untagged', true)`)}`);
      return;
  }
}

/**
 * Undoes bulk change `id` of `list`, as `member` (who made it, or an admin). 404 when there
 * is no such change of theirs; 409 when it was undone already.
 */
export async function undoBulkChange(lead: ListedLead, list: ListSlug, id: string, member: Member, work: Work): Promise<UndoResult> {
  if (!isLeadId(id)) throw new HttpError(404, BULK_MESSAGES.notFound);
  return work.db.transaction().execute(async (trx) => {
    const change = await trx
      .selectFrom('bulk_changes')
      .select(['id', 'member_id', 'action', 'changed', 'undone_at'])
      .where('id', '=', id)
      .where('list', '=', list)
      .forUpdate()
      .executeTakeFirst();
    if (!change || (!seesAllLeads(member) && change.member_id !== member.id) || member.role === 'viewer')
      throw new HttpError(404, BULK_MESSAGES.notFound);
    if (change.undone_at) throw new HttpError(409, BULK_MESSAGES.undone);
    const action = change.action as unknown as Changing;
    const table = sql.table(lead.table);
    const ctx: Ctx = { trx, table, change: change.id, member };
    await sql`select count(*) from (select id from ${table} where id in (select lead_id from bulk_change_leads where change_id = ${change.id})
      order by id for update) l`.execute(trx);
    const restored = await markRestorable(ctx, action);
    if (restored > 0) await restore(ctx, action);
    await trx.updateTable('bulk_changes').set({ undone_at: work.now }).where('id', '=', change.id).execute();
    const rows = await sql<{ id: string; assignee: string | null; previous: string | null }>`
      select t.id, t.assignee_id as assignee, b.new_assignee_id as previous
      from bulk_change_leads b join ${table} t on t.id = b.lead_id where b.change_id = ${change.id} and b.restored`.execute(trx);
    await announce(
      trx,
      list,
      rows.rows.map((r): Changed => ({
        id: r.id,
        assignee: r.assignee,
        ...(action.type === 'assign' && r.assignee !== r.previous ? { previous: r.previous } : {}),
      })),
    );
    return { restored, skipped: change.changed - restored };
  });
}
