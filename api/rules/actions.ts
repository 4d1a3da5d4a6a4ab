// A rule's actions, done in order in the transaction of the jobs that fired it (so they and
// the firings commit together, or none of them does and the jobs are retried). A rule fired
// on many leads at once (a batch of its jobs) does each action for all of them in one
// statement or a few: one update for the assign, status or next action of every lead, one
// insert of all their tags, notices or emails, one of all their timeline lines. Each change a
// rule makes is written in the lead's timeline as the rule's ("Rule: name") with the rule's id
// in its data: the change's own event then never runs that rule again (api/rules/events.ts),
// and chains of rules stop after MAX_DEPTH.
import { sql, type Transaction } from 'kysely';
import type { LeadStatus, ListSlug } from '../../contract/lead-kinds.ts';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import type { RuleAction } from '../../contract/rules.ts';
import type { Database } from '../db/schema.ts';
import { announce, record } from '../leads/history.ts';
import { enqueueMails, type OutgoingMail } from '../mail/queue.ts';
import { notifyMany } from '../notify/notify.ts';
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

/** One rule firing on one lead: its row (kept up to date by the actions), its event, its chain's depth. */
export interface Firing {
  row: Record<string, unknown> & { id: string; email: string; assignee_id: string | null; status: LeadStatus; consent: unknown };
  eventKey: string;
  depth: number;
}

/** A rule's firings on leads of one list, each lead at most once; the actions do them together. */
export interface Firings {
  trx: Transaction<Database>;
  rule: StoredRule;
  lead: ListedLead;
  list: ListSlug;
  items: Firing[];
  now: Date;
}

const WORKER = sql<boolean>`active and password_hash is not null and role in ('admin', 'counsellor')`;

export async function adminIds(trx: Transaction<Database>): Promise<Array<{ id: string; email: string }>> {
  const rows = await sql<{ id: string; email: string }>`
    select id, email from admins where active and password_hash is not null and role = 'admin' order by created_at`.execute(trx);
  return rows.rows;
}

type Member = { id: string; name: string; email: string };

/** The active admins and counsellors among these ids, by id. */
async function members(trx: Transaction<Database>, ids: string[]): Promise<Map<string, Member>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<Member>`
    select id, name, email from admins where id = any(${[...new Set(ids)]}::uuid[]) and ${WORKER}`.execute(trx);
  return new Map(rows.rows.map((m) => [m.id, m]));
}

export function leadName(ctx: { lead: ListedLead; row: Firing['row'] }): { name: string; firstName: string } {
  const name = nameOf(ctx.lead.listItem(ctx.row as never)).trim();
  return { name, firstName: name.split(/\s+/)[0] ?? '' };
}

function by(f: Firings, item: Firing) {
  return { admin_id: null, admin_label: `Rule: ${f.rule.name}`.slice(0, 200), list: f.list, lead_id: item.row.id };
}
function data(f: Firings, item: Firing, extra: Record<string, unknown> = {}) {
  return { ...extra, rule: f.rule.id, depth: item.depth + 1 };
}

/** Each firing's member: the action's, or the rule's next turn in order (under the rule's row lock: fair across instances). */
async function assignees(f: Firings, action: Extract<RuleAction, { type: 'assign' }>): Promise<Array<string | undefined>> {
  if (!action.roundRobin) return f.items.map(() => action.memberId);
  const locked = await sql<{ turn: string | null }>`select turn from rules where id = ${f.rule.id} for update`.execute(f.trx);
  let turn = locked.rows[0]?.turn ?? null;
  const ok = await members(f.trx, action.roundRobin);
  const order = action.roundRobin.filter((m) => ok.has(m));
  if (order.length === 0) throw new Error('round robin: none of its members is an active admin or counsellor');
  const chosen = f.items.map(() => (turn = order[(order.indexOf(turn ?? '') + 1) % order.length]!));
  await sql`update rules set turn = ${turn} where id = ${f.rule.id}`.execute(f.trx);
  return chosen;
}

async function assign(f: Firings, action: Extract<RuleAction, { type: 'assign' }>): Promise<string[]> {
  const ids = await assignees(f, action);
  const found = await members(
    f.trx,
    ids.filter((id): id is string => id !== undefined),
  );
  const to = ids.map((id) => (id ? found.get(id) : undefined));
  if (to.some((m) => !m)) throw new Error('assign: the member is not an active admin or counsellor');
  const moved = f.items.flatMap((item, i) => (item.row.assignee_id === to[i]!.id ? [] : [{ item, to: to[i]! }]));
  if (moved.length > 0) {
    await sql`
      update ${sql.table(f.lead.table)} t set assignee_id = v.assignee, assigned_at = ${f.now}
      from unnest(${moved.map((m) => m.item.row.id)}::uuid[], ${moved.map((m) => m.to.id)}::uuid[]) as v(id, assignee)
      where t.id = v.id`.execute(f.trx);
    await record(
      f.trx,
      moved.map(({ item, to }) => ({ ...by(f, item), action: 'assign', assignee_id: to.id, assignee_label: to.name, data: data(f, item) })),
    );
    await announce(
      f.trx,
      f.list,
      moved.map(({ item, to }) => ({ id: item.row.id, assignee: to.id, previous: item.row.assignee_id })),
    );
  }
  return f.items.map((item, i) => {
    const label = to[i]!.name || to[i]!.email;
    if (item.row.assignee_id === to[i]!.id) return `already ${label}'s`;
    item.row.assignee_id = to[i]!.id;
    return `assigned to ${label}`;
  });
}

async function nextAction(f: Firings, action: Extract<RuleAction, { type: 'nextAction' }>): Promise<string[]> {
  const due = new Date(f.now.getTime() + action.inMinutes * 60_000);
  const ids = f.items.map((item) => item.row.id);
  await sql`
    update ${sql.table(f.lead.table)} set next_action_type = ${action.actionType}, next_action_due_at = ${due},
      next_action_note = null, next_action_reminded_at = null
    where id = any(${ids}::uuid[])`.execute(f.trx);
  const next = { type: action.actionType, dueAt: due.toISOString(), note: null };
  await record(
    f.trx,
    f.items.map((item) => ({ ...by(f, item), action: 'next-action', data: data(f, item, { nextAction: next }) })),
  );
  await announce(
    f.trx,
    f.list,
    f.items.map((item) => ({ id: item.row.id, assignee: item.row.assignee_id })),
  );
  return f.items.map(() => `next action: ${action.actionType} by ${next.dueAt}`);
}

async function status(f: Firings, action: Extract<RuleAction, { type: 'status' }>): Promise<string[]> {
  const changed = f.items.filter((item) => item.row.status !== action.status);
  if (changed.length > 0) {
    const ids = changed.map((item) => item.row.id);
    await sql`update ${sql.table(f.lead.table)} set status = ${action.status} where id = any(${ids}::uuid[])`.execute(f.trx);
    await record(
      f.trx,
      changed.map((item) => ({
        ...by(f, item),
        action: 'status',
        from_status: item.row.status,
        to_status: action.status,
        data: data(f, item),
      })),
    );
    await announce(
      f.trx,
      f.list,
      changed.map((item) => ({ id: item.row.id, assignee: item.row.assignee_id })),
    );
  }
  return f.items.map((item) => {
    if (item.row.status === action.status) return `status already ${action.status}`;
    item.row.status = action.status;
    return `status → ${action.status}`;
  });
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(name|firstName|list|owner)\}/g, (_, k: string) => values[k] ?? '');
}

async function email(f: Firings, action: Extract<RuleAction, { type: 'email' }>): Promise<string[]> {
  const owners = await members(
    f.trx,
    f.items.flatMap((item) => (item.row.assignee_id ? [item.row.assignee_id] : [])),
  );
  const admins = action.to === 'admins' ? (await adminIds(f.trx)).map((a) => a.email) : [];
  const mails: OutgoingMail[] = [];
  const notes = f.items.map((item) => {
    const owner = item.row.assignee_id ? owners.get(item.row.assignee_id) : undefined;
    let to: string[];
    // The consent record decides: a lead sent without one gets no email from a rule.
    if (action.to === 'lead') {
      if (!item.row.consent) return 'no email to the lead: no consent on record';
      to = [item.row.email];
    } else if (action.to === 'owner') {
      if (!owner) return 'no email: the lead has no owner';
      to = [owner.email];
    } else to = admins;
    const { name, firstName } = leadName({ lead: f.lead, row: item.row });
    const values = { name, firstName, list: LEAD_KINDS[f.lead.kind].list.title, owner: owner?.name ?? '' };
    // A thank-you reads in the language of the form the lead used, when the rule has its words.
    const words = action.to === 'lead' && item.row.site_language === 'hi' && action.hindi ? action.hindi : action;
    const subject = fill(words.subject, values).replace(/[\r\n]+/g, ' ');
    for (const address of to) mails.push({ to: address, subject, text: fill(words.body, values), kind: 'rule' });
    return `emailed ${action.to}`;
  });
  await enqueueMails(f.trx, mails);
  return notes;
}

async function notify(f: Firings, action: Extract<RuleAction, { type: 'notify' }>): Promise<string[]> {
  const needAdmins = action.to === 'admins' || (action.to === 'owner' && f.items.some((item) => !item.row.assignee_id));
  const admins = needAdmins ? (await adminIds(f.trx)).map((a) => a.id) : [];
  await notifyMany(
    f.trx,
    f.items.map((item) => {
      const ids =
        action.to === 'owner' ? (item.row.assignee_id ? [item.row.assignee_id] : admins) : action.to === 'admins' ? admins : [action.to];
      const { firstName } = leadName({ lead: f.lead, row: item.row });
      return {
        memberIds: ids,
        kind: 'rule' as const,
        lead: { list: f.list, id: item.row.id, firstName },
        title: f.rule.name,
        body: `${firstName || 'A lead'} · ${LEAD_KINDS[f.lead.kind].list.title}`,
        dedupeKey: `rule:${f.rule.id}:${item.eventKey}`,
      };
    }),
  );
  const who = action.to === 'owner' || action.to === 'admins' ? action.to : 'a member';
  return f.items.map(() => `notified ${who}`);
}

async function tag(f: Firings, action: Extract<RuleAction, { type: 'tag' }>): Promise<string[]> {
  await f.trx
    .insertInto('lead_tags')
    .values(f.items.map((item) => ({ list: f.list, lead_id: item.row.id, tag: action.tag })))
    .onConflict((oc) => oc.columns(['list', 'lead_id', 'tag']).doNothing())
    .execute();
  return f.items.map(() => `tagged "${action.tag}"`);
}

/** Does one action for every firing; resolves a few words for each one's timeline. */
export function runAction(f: Firings, action: RuleAction): Promise<string[]> {
  switch (action.type) {
    case 'assign':
      return assign(f, action);
    case 'nextAction':
      return nextAction(f, action);
    case 'status':
      return status(f, action);
    case 'email':
      return email(f, action);
    case 'notify':
      return notify(f, action);
    case 'tag':
      return tag(f, action);
  }
}
