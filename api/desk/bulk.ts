// Bulk work on a list: one action for the leads chosen by id or for every lead matching the
// list's filter, resolved in the member's scope (visibleTo) when the request arrives. Set
// based, in one transaction, whatever the number: the leads are locked in id order (two bulk
// changes never wait on each other in a circle), what the change overwrites is copied into
// bulk_change_leads (for the undo), the leads are updated from it, and each lead's timeline
// entry is written by one INSERT … SELECT, so 10,000 leads cost a handful of statements, not
// 10,000 round trips. The timeline's triggers then enqueue the rules' events per lead, as for
// a single change.
import { sql, type RawBuilder, type Transaction } from 'kysely';
import { Context } from 'hono';
import { BULK_FILTER_MAX, BULK_MESSAGES, BULK_UNDO_DAYS, type BulkAction, type BulkResult } from '../../contract/bulk.ts';
import { can } from '../../contract/roles.ts';
import { isClosed } from '../../contract/activities.ts';
import { LEAD_KINDS, type ListSlug } from '../../contract/lead-kinds.ts';
import type { Database } from '../db/schema.ts';
import type { ListedLead } from '../leads/definitions.ts';
import { adminLabel, announce, isLeadId, type Changed } from '../leads/history.ts';
import { conditions, parseLeadListQuery, type LeadListQuery } from '../leads/list-query.ts';
import type { Member } from '../auth/auth.ts';
import { HttpError } from '../http/http.ts';
import { forbidden, visibleTo } from './access.ts';
import { assigneeLabel, type Work } from './lead-work.ts';

/** The leads a request names: by id (`named` of them), or by the list's filter. */
export interface Selection {
  where: RawBuilder<boolean>;
  named: number | undefined;
}

/** Parameters of a list's filter that do not choose leads. */
const NOT_FILTERS = ['page', 'limit', 'sort', 'ids'];

/** The list's filter, parsed by the list's own parser (so a filter the list learns, bulk work learns too). */
export function filterQuery(lead: ListedLead, filter: Record<string, string>): LeadListQuery {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (!NOT_FILTERS.includes(k)) params.set(k, v);
  const c = new Context(new Request(`http://bulk.invalid/?${params.toString()}`));
  return { ...parseLeadListQuery(c, LEAD_KINDS[lead.kind].list), ids: undefined };
}

export function selectionOf(lead: ListedLead, target: { ids?: string[]; filter?: Record<string, string> }, member: Member): Selection {
  if (target.ids) {
    const named = new Set(target.ids);
    const valid = [...named].filter(isLeadId);
    return { where: sql<boolean>`(${visibleTo(member)} and id = any(${valid}::uuid[]))`, named: named.size };
  }
  return { where: conditions(lead.searchText, filterQuery(lead, target.filter ?? {}), visibleTo(member)), named: undefined };
}

interface Ctx {
  trx: Transaction<Database>;
  table: RawBuilder<unknown>;
  list: ListSlug;
  where: RawBuilder<boolean>;
  change: string;
  member: Member;
  now: Date;
}

const PREVIOUS = sql`status, assignee_id, assigned_at, next_action_type, next_action_due_at, next_action_note, next_action_reminded_at`;

/** The rows a data-modifying statement (with `returning 1`) touched. */
async function counted(ctx: Pick<Ctx, 'trx'>, statement: RawBuilder<unknown>): Promise<number> {
  const result = await sql<{ n: number }>`with done as (${statement}) select count(*)::int as n from done`.execute(ctx.trx);
  return result.rows[0]?.n ?? 0;
}

/** The timeline entry's id, taken now, so the entry can be written with it (no second pass over the leads). */
const NEXT_HISTORY_ID = sql`nextval(pg_get_serial_sequence('lead_history', 'id')::regclass)`;

/**
 * Copies what the change will overwrite, for the leads `changes` picks (a condition on the
 * lead's columns and `new_assignee_id`, the owner `newAssignee` gives it); resolves how many.
 */
async function snapshot(ctx: Ctx, changes: RawBuilder<boolean>, newAssignee: RawBuilder<unknown> = sql`null::uuid`): Promise<number> {
  return counted(
    ctx,
    sql`insert into bulk_change_leads (change_id, list, lead_id, ${PREVIOUS}, new_assignee_id, history_id)
      select ${ctx.change}, ${ctx.list}, id, ${PREVIOUS}, new_assignee_id, ${NEXT_HISTORY_ID}
      from (select id, ${PREVIOUS}, ${newAssignee} as new_assignee_id from ${ctx.table} where ${ctx.where}) x
      where ${changes} order by id returning 1`,
  );
}

/**
 * Each changed lead's timeline entry (`entry`: its columns after list, lead, who): the one
 * whose id the snapshot took, or (`extra`) another one beside it.
 */
async function timeline(ctx: Ctx, entry: RawBuilder<unknown>, only: RawBuilder<boolean> = sql`true`, extra = false): Promise<void> {
  await sql`
    insert into lead_history (id, list, lead_id, admin_id, admin_label, action, from_status, to_status, assignee_id, assignee_label, note, data)
    overriding system value
    select ${extra ? NEXT_HISTORY_ID : sql`b.history_id`}, b.list, b.lead_id, ${ctx.member.id}::uuid, ${adminLabel(ctx.member)}, ${entry}
    from bulk_change_leads b left join admins a on a.id = b.new_assignee_id
    where b.change_id = ${ctx.change} and ${only} order by b.lead_id`.execute(ctx.trx);
}

const marker = (ctx: Ctx, extra: RawBuilder<unknown> = sql`'{}'::jsonb`) =>
  sql`(${extra} || jsonb_build_object('bulk', ${ctx.change}::text))`;

async function setStatus(ctx: Ctx, status: string): Promise<number> {
  const n = await snapshot(ctx, sql`status <> ${status}`);
  const close = isClosed(status as never);
  await sql`update ${ctx.table} t set status = ${status}
      ${close ? sql`, next_action_type = null, next_action_due_at = null, next_action_note = null, next_action_reminded_at = null` : sql``}
    from bulk_change_leads b where b.change_id = ${ctx.change} and t.id = b.lead_id`.execute(ctx.trx);
  await timeline(ctx, sql`'status', b.status, ${status}, null, null, null, ${marker(ctx)}`);
  // Closed: no next step remains, as when one lead is closed.
  if (close)
    await timeline(
      ctx,
      sql`'next-action', null, null, null, null, null, ${marker(ctx, sql`jsonb_build_object('nextAction', null)`)}`,
      sql`b.next_action_type is not null`,
      true,
    );
  return n;
}

/** The list's round robin: its active members in turn order, and the one after whom the next turn starts. */
async function roundRobin(ctx: Ctx): Promise<{ members: string[]; start: number }> {
  const rule = await sql<{ members: string[]; last_member: string | null }>`
    select members, last_member from lead_assignment where list = ${ctx.list} and mode = 'round-robin' for update`.execute(ctx.trx);
  const row = rule.rows[0];
  const eligible = row
    ? await sql<{ id: string }>`
        select a.id from unnest(${row.members}::uuid[]) with ordinality m(id, ord) join admins a on a.id = m.id
        where a.active and a.password_hash is not null and a.role in ('admin', 'counsellor') order by m.ord`.execute(ctx.trx)
    : { rows: [] };
  const members = eligible.rows.map((r) => r.id);
  if (members.length === 0) throw new HttpError(400, BULK_MESSAGES.noRoundRobin);
  // As the insert's trigger turns: the first member after the last one given a lead.
  const last = row?.last_member ? row.members.indexOf(row.last_member) : -1;
  const next = members.findIndex((m) => row!.members.indexOf(m) > last);
  return { members, start: next === -1 ? 0 : next };
}

async function assign(ctx: Ctx, action: Extract<BulkAction, { type: 'assign' }>): Promise<number> {
  let n: number;
  if ('roundRobin' in action) {
    const { members, start } = await roundRobin(ctx);
    // Each lead in id order takes the next turn; a lead its turn gives to its owner already stays as it is.
    const turn = sql`(${members}::uuid[])[((${start}::int + row_number() over (order by id)::int - 1) % ${members.length}::int) + 1]`;
    n = await snapshot(ctx, sql`new_assignee_id is distinct from assignee_id`, turn);
    const last = await sql<{ last: string | null }>`
      select new_assignee_id as last from bulk_change_leads where change_id = ${ctx.change} order by lead_id desc limit 1`.execute(ctx.trx);
    if (last.rows[0]?.last)
      await sql`update lead_assignment set last_member = ${last.rows[0].last} where list = ${ctx.list}`.execute(ctx.trx);
  } else {
    const to = action.assignee;
    // A counsellor takes pool leads or gives back their own; assigning to others is for those who may.
    if (!can(ctx.member, 'leads.assign') && to !== null && to !== ctx.member.id) throw forbidden();
    if (to !== null) await assigneeLabel(ctx.trx, to);
    n = await snapshot(ctx, sql`assignee_id is distinct from new_assignee_id`, sql`${to}::uuid`);
  }
  await sql`update ${ctx.table} t set assignee_id = b.new_assignee_id,
      assigned_at = case when b.new_assignee_id is null then null else ${ctx.now}::timestamptz end
    from bulk_change_leads b where b.change_id = ${ctx.change} and t.id = b.lead_id`.execute(ctx.trx);
  await timeline(ctx, sql`'assign', null, null, b.new_assignee_id, coalesce(nullif(btrim(a.name), ''), a.email), null, ${marker(ctx)}`);
  return n;
}

async function setNextAction(ctx: Ctx, next: Extract<BulkAction, { type: 'nextAction' }>['nextAction']): Promise<number> {
  const due = new Date(next.dueAt);
  const note = next.note || null;
  const n = await snapshot(
    ctx,
    sql`(next_action_type is distinct from ${next.type} or next_action_due_at is distinct from ${due} or next_action_note is distinct from ${note})`,
  );
  await sql`update ${ctx.table} t set next_action_type = ${next.type}, next_action_due_at = ${due}, next_action_note = ${note},
      next_action_reminded_at = null
    from bulk_change_leads b where b.change_id = ${ctx.change} and t.id = b.lead_id`.execute(ctx.trx);
  const written = JSON.stringify({ nextAction: { type: next.type, dueAt: due.toISOString(), note } });
  await timeline(ctx, sql`'next-action', null, null, null, null, null, ${marker(ctx, sql`${written}::jsonb`)}`);
  return n;
}

async function tag(ctx: Ctx, name: string): Promise<number> {
  // Only the leads that did not have the tag: the undo takes back only what this change gave.
  const result = await sql<{ n: number }>`
    with tagged as (
      insert into lead_tags (list, lead_id, tag) select ${ctx.list}, id, ${name} from ${ctx.table} where ${ctx.where}
      on conflict (list, lead_id, tag) do nothing returning lead_id
    ), kept as (
      insert into bulk_change_leads (change_id, list, lead_id) select ${ctx.change}, ${ctx.list}, lead_id from tagged returning 1
    )
    select count(*)::int as n from kept`.execute(ctx.trx);
  const n = result.rows[0]?.n ?? 0;
  await timeline(ctx, sql`'tag', null, null, null, null, ${name}, ${marker(ctx)}`, sql`true`, true);
  return n;
}

function apply(ctx: Ctx, action: Exclude<BulkAction, { type: 'export' }>): Promise<number> {
  switch (action.type) {
    case 'status':
      return setStatus(ctx, action.status);
    case 'assign':
      return assign(ctx, action);
    case 'nextAction':
      return setNextAction(ctx, action.nextAction);
    case 'tag':
      return tag(ctx, action.tag);
  }
}

/** What each open console hears: the leads changed, with their owners now and before. */
async function announceChange(ctx: Ctx): Promise<void> {
  const rows = await sql<{ id: string; assignee: string | null; previous: string | null }>`
    select t.id, t.assignee_id as assignee, b.assignee_id as previous
    from bulk_change_leads b join ${ctx.table} t on t.id = b.lead_id where b.change_id = ${ctx.change}`.execute(ctx.trx);
  await announce(
    ctx.trx,
    ctx.list,
    rows.rows.map((r): Changed => ({ id: r.id, assignee: r.assignee, ...(r.assignee !== r.previous ? { previous: r.previous } : {}) })),
  );
}

/**
 * One action for the leads `selection` names, as `member`. Resolves what it did; throws 403
 * for an assignment the member may not make, 400 for a filter matching too many leads.
 */
export async function bulkChange(
  lead: ListedLead,
  list: ListSlug,
  selection: Selection,
  action: Exclude<BulkAction, { type: 'export' }>,
  member: Member,
  work: Work,
): Promise<BulkResult> {
  if (action.type === 'assign' && 'roundRobin' in action && !can(member, 'leads.assign')) throw forbidden();
  return work.db.transaction().execute(async (trx) => {
    const table = sql.table(lead.table);
    const locked = await sql<{ n: number }>`
      select count(*)::int as n from (select id from ${table} where ${selection.where} order by id for update) l`.execute(trx);
    const matched = locked.rows[0]?.n ?? 0;
    if (selection.named === undefined && matched > BULK_FILTER_MAX) throw new HttpError(400, BULK_MESSAGES.tooMany);
    const skipped = selection.named === undefined ? 0 : selection.named - matched;
    if (matched === 0) return { id: null, changed: 0, unchanged: 0, skipped };
    // What a change overwrote is kept for BULK_UNDO_DAYS.
    await sql`delete from bulk_changes where created_at < ${new Date(work.now.getTime() - BULK_UNDO_DAYS * 86_400_000)}`.execute(trx);
    const created = await trx
      .insertInto('bulk_changes')
      .values({ list, member_id: member.id, action: JSON.stringify(action), changed: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ctx: Ctx = { trx, table, list, where: selection.where, change: created.id, member, now: work.now };
    const changed = await apply(ctx, action);
    if (changed === 0) {
      await trx.deleteFrom('bulk_changes').where('id', '=', created.id).execute();
      return { id: null, changed: 0, unchanged: matched, skipped };
    }
    await trx.updateTable('bulk_changes').set({ changed }).where('id', '=', created.id).execute();
    await announceChange(ctx);
    return { id: created.id, changed, unchanged: matched - changed, skipped };
  });
}
