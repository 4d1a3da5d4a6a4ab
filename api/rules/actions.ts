// A rule's actions, done in order in the transaction of the job that fired it (so they and
// the firing commit together, or none of them does and the job is retried). Each change a
// rule makes is written in the lead's timeline as the rule's ("Rule: name") with the rule's id
// in its data: the change's own event then never runs that rule again (api/rules/events.ts),
// and chains of rules stop after MAX_DEPTH.
import { sql, type Transaction } from 'kysely';
import type { LeadStatus, ListSlug } from '../../contract/lead-kinds.ts';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import type { RuleAction } from '../../contract/rules.ts';
import type { Database } from '../db/schema.ts';
import { announce, record } from '../leads/history.ts';
import { enqueueMail } from '../mail/queue.ts';
import { notifyMembers } from '../notify/notify.ts';
import type { ListedLead } from '../leads/definitions.ts';
import { nameOf } from '../desk/my-day.ts';

/** A rule's change may start other rules; a chain this long stops (two rules undoing each other). */
export const MAX_DEPTH = 5;

export interface StoredRule {
  id: string;
  name: string;
  turn: string | null;
  actions: RuleAction[];
}

export interface FiringContext {
  trx: Transaction<Database>;
  rule: StoredRule;
  lead: ListedLead;
  list: ListSlug;
  row: Record<string, unknown> & { id: string; email: string; assignee_id: string | null; status: LeadStatus; consent: unknown };
  eventKey: string;
  depth: number;
  now: Date;
}

const WORKER = sql<boolean>`active and password_hash is not null and role in ('admin', 'counsellor')`;

export async function adminIds(trx: Transaction<Database>): Promise<Array<{ id: string; email: string }>> {
  const rows = await sql<{ id: string; email: string }>`
    select id, email from admins where active and password_hash is not null and role = 'admin' order by created_at`.execute(trx);
  return rows.rows;
}

async function member(trx: Transaction<Database>, id: string): Promise<{ id: string; name: string; email: string } | undefined> {
  const rows = await sql<{ id: string; name: string; email: string }>`
    select id, name, email from admins where id = ${id} and ${WORKER}`.execute(trx);
  return rows.rows[0];
}

export function leadName(ctx: Pick<FiringContext, 'lead' | 'row'>): { name: string; firstName: string } {
  const name = nameOf(ctx.lead.listItem(ctx.row as never)).trim();
  return { name, firstName: name.split(/\s+/)[0] ?? '' };
}

function by(ctx: FiringContext) {
  return { admin_id: null, admin_label: `Rule: ${ctx.rule.name}`.slice(0, 200), list: ctx.list, lead_id: ctx.row.id };
}
function data(ctx: FiringContext, extra: Record<string, unknown> = {}) {
  return { ...extra, rule: ctx.rule.id, depth: ctx.depth + 1 };
}

async function assign(ctx: FiringContext, action: Extract<RuleAction, { type: 'assign' }>): Promise<string> {
  let id = action.memberId;
  if (action.roundRobin) {
    // The rule's own turn, under its row's lock: fair across instances.
    const locked = await sql<{ turn: string | null }>`select turn from rules where id = ${ctx.rule.id} for update`.execute(ctx.trx);
    const turn = locked.rows[0]?.turn ?? null;
    const eligible = await sql<{ id: string }>`select id from admins where id = any(${action.roundRobin}::uuid[]) and ${WORKER}`.execute(
      ctx.trx,
    );
    const ok = new Set(eligible.rows.map((r) => r.id));
    const order = action.roundRobin.filter((m) => ok.has(m));
    if (order.length === 0) throw new Error('round robin: none of its members is an active admin or counsellor');
    id = order[(order.indexOf(turn ?? '') + 1) % order.length];
    await sql`update rules set turn = ${id} where id = ${ctx.rule.id}`.execute(ctx.trx);
  }
  const to = id ? await member(ctx.trx, id) : undefined;
  if (!to) throw new Error('assign: the member is not an active admin or counsellor');
  if (ctx.row.assignee_id === to.id) return `already ${to.name || to.email}'s`;
  await sql`update ${sql.table(ctx.lead.table)} set assignee_id = ${to.id}, assigned_at = ${ctx.now} where id = ${ctx.row.id}`.execute(
    ctx.trx,
  );
  await record(ctx.trx, [{ ...by(ctx), action: 'assign', assignee_id: to.id, assignee_label: to.name, data: data(ctx) }]);
  await announce(ctx.trx, ctx.list, [{ id: ctx.row.id, assignee: to.id, previous: ctx.row.assignee_id }]);
  ctx.row.assignee_id = to.id;
  return `assigned to ${to.name || to.email}`;
}

async function nextAction(ctx: FiringContext, action: Extract<RuleAction, { type: 'nextAction' }>): Promise<string> {
  const due = new Date(ctx.now.getTime() + action.inMinutes * 60_000);
  await sql`
    update ${sql.table(ctx.lead.table)} set next_action_type = ${action.actionType}, next_action_due_at = ${due},
      next_action_note = null, next_action_reminded_at = null
    where id = ${ctx.row.id}`.execute(ctx.trx);
  const next = { type: action.actionType, dueAt: due.toISOString(), note: null };
  await record(ctx.trx, [{ ...by(ctx), action: 'next-action', data: data(ctx, { nextAction: next }) }]);
  await announce(ctx.trx, ctx.list, [{ id: ctx.row.id, assignee: ctx.row.assignee_id }]);
  return `next action: ${action.actionType} by ${next.dueAt}`;
}

async function status(ctx: FiringContext, action: Extract<RuleAction, { type: 'status' }>): Promise<string> {
  if (ctx.row.status === action.status) return `status already ${action.status}`;
  await sql`update ${sql.table(ctx.lead.table)} set status = ${action.status} where id = ${ctx.row.id}`.execute(ctx.trx);
  await record(ctx.trx, [{ ...by(ctx), action: 'status', from_status: ctx.row.status, to_status: action.status, data: data(ctx) }]);
  await announce(ctx.trx, ctx.list, [{ id: ctx.row.id, assignee: ctx.row.assignee_id }]);
  ctx.row.status = action.status;
  return `status → ${action.status}`;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(name|firstName|list|owner)\}/g, (_, k: string) => values[k] ?? '');
}

async function email(ctx: FiringContext, action: Extract<RuleAction, { type: 'email' }>): Promise<string> {
  const owner = ctx.row.assignee_id ? await member(ctx.trx, ctx.row.assignee_id) : undefined;
  let to: string[] = [];
  if (action.to === 'lead') {
    // The consent record decides: a lead sent without one gets no email from a rule.
    if (!ctx.row.consent) return 'no email to the lead: no consent on record';
    to = [ctx.row.email];
  } else if (action.to === 'owner') {
    if (!owner) return 'no email: the lead has no owner';
    to = [owner.email];
  } else to = (await adminIds(ctx.trx)).map((a) => a.email);
  const { name, firstName } = leadName(ctx);
  const values = { name, firstName, list: LEAD_KINDS[ctx.lead.kind].list.title, owner: owner?.name ?? '' };
  // A thank-you reads in the language of the form the lead used, when the rule has its words.
  const words = action.to === 'lead' && ctx.row.site_language === 'hi' && action.hindi ? action.hindi : action;
  const subject = fill(words.subject, values).replace(/[\r\n]+/g, ' ');
  for (const address of to) await enqueueMail(ctx.trx, { to: address, subject, text: fill(words.body, values), kind: 'rule' });
  return `emailed ${action.to}`;
}

async function notify(ctx: FiringContext, action: Extract<RuleAction, { type: 'notify' }>): Promise<string> {
  let ids: string[];
  if (action.to === 'owner') ids = ctx.row.assignee_id ? [ctx.row.assignee_id] : (await adminIds(ctx.trx)).map((a) => a.id);
  else if (action.to === 'admins') ids = (await adminIds(ctx.trx)).map((a) => a.id);
  else ids = [action.to];
  const { firstName } = leadName(ctx);
  await notifyMembers(ctx.trx, {
    memberIds: ids,
    kind: 'rule',
    lead: { list: ctx.list, id: ctx.row.id, firstName },
    title: ctx.rule.name,
    body: `${firstName || 'A lead'} · ${LEAD_KINDS[ctx.lead.kind].list.title}`,
    dedupeKey: `rule:${ctx.rule.id}:${ctx.eventKey}`,
  });
  return `notified ${action.to === 'owner' || action.to === 'admins' ? action.to : 'a member'}`;
}

async function tag(ctx: FiringContext, action: Extract<RuleAction, { type: 'tag' }>): Promise<string> {
  await ctx.trx
    .insertInto('lead_tags')
    .values({ list: ctx.list, lead_id: ctx.row.id, tag: action.tag })
    .onConflict((oc) => oc.columns(['list', 'lead_id', 'tag']).doNothing())
    .execute();
  return `tagged "${action.tag}"`;
}

/** Does one action; resolves a few words for the timeline. */
export function runAction(ctx: FiringContext, action: RuleAction): Promise<string> {
  switch (action.type) {
    case 'assign':
      return assign(ctx, action);
    case 'nextAction':
      return nextAction(ctx, action);
    case 'status':
      return status(ctx, action);
    case 'email':
      return email(ctx, action);
    case 'notify':
      return notify(ctx, action);
    case 'tag':
      return tag(ctx, action);
  }
}
