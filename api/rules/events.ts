// The rules' jobs (api/jobs/scheduler.ts). Events arrive as jobs written by triggers in the
// transaction that made them (migrations/2026-11-27T0241_rules.ts); each turns into one
// 'rule.run' job per enabled rule of that event and list, keyed by rule and event, so a rule
// acts once per lead and event across instances and restarts (rule_firings keeps the same
// promise after old jobs are cleared). A timed trigger's job is simply due later. A rule's
// run checks, when it is due, that its trigger still holds (still uncontacted, still unpaid,
// the same next action still overdue) and its conditions match; then it fires.
import { sql, type Transaction } from 'kysely';
import { LEAD_KINDS, type LeadStatus, type ListSlug } from '../../contract/lead-kinds.ts';
import type { RuleAction, RuleCondition, RuleEvent } from '../../contract/rules.ts';
import type { Database } from '../db/schema.ts';
import { addWorkingMinutes } from '../desk/working-hours.ts';
import { ALL_LISTED, listedLead } from '../leads/definitions.ts';
import { record } from '../leads/history.ts';
import { enqueueJob, type Job, type JobHandler } from '../jobs/scheduler.ts';
import { MAX_DEPTH, runAction, type FiringContext } from './actions.ts';
import { conditionsHold, type LeadFacts } from './conditions.ts';
import { factsOf, testLanguageOf } from './facts.ts';
import { escalate, scheduleEscalation, type RulesConfig } from './escalation.ts';
import { tellReturningOwner } from './returning.ts';
import { scoredFirst, scoreJobHandlers } from '../score/jobs.ts';

export type { RulesConfig };

interface RuleRow {
  id: string;
  name: string;
  enabled: boolean;
  event: RuleEvent;
  lists: string[];
  minutes: number | null;
  conditions: RuleCondition[];
  actions: RuleAction[];
  turn: string | null;
  status: LeadStatus | null;
}

/** Enabled rules of these events that act on `list`, in their order. */
export async function rulesFor(trx: Transaction<Database>, events: RuleEvent[], list: string): Promise<RuleRow[]> {
  const rows = await sql<RuleRow>`
    select * from rules where enabled and event = any(${events}::text[]) and (cardinality(lists) = 0 or ${list} = any(lists))
    order by position, created_at`.execute(trx);
  return rows.rows;
}

interface RunPayload {
  rule: string;
  event: RuleEvent;
  list: string;
  id: string;
  eventKey: string;
  depth?: number;
  due?: string;
  facts?: LeadFacts;
}

/** `runAt`: the round's time for a rule that acts at once (the database's now() may be later than the round's). */
async function queueRun(trx: Transaction<Database>, rule: RuleRow, payload: Omit<RunPayload, 'rule'>, runAt: Date): Promise<void> {
  await enqueueJob(trx, {
    kind: 'rule.run',
    key: `rule:${rule.id}:${payload.eventKey}`,
    payload: { ...payload, rule: rule.id },
    runAt,
  });
}

async function leadRow(trx: Transaction<Database>, list: string, id: string) {
  const lead = listedLead(list);
  if (!lead) return undefined;
  const rows = await sql<FiringContext['row'] & { created_at: Date }>`select * from ${sql.table(lead.table)} where id = ${id}`.execute(trx);
  const row = rows.rows[0];
  return row ? { lead, row } : undefined;
}

/** Still true when the timed rule is due? (A lead contacted meanwhile, a booking paid, a next action moved: no.) */
function triggerStillHolds(event: RuleEvent, row: Record<string, unknown>, payload: RunPayload): boolean {
  if (event === 'lead.uncontacted') return row.status === 'new' && !row.first_contact_at;
  if (event === 'booking.unpaid') return row.payment_status !== 'paid' && row.status !== 'spam';
  if (event === 'nextAction.overdue') {
    const due = row.next_action_due_at ? new Date(row.next_action_due_at as string).toISOString() : undefined;
    return due === payload.due && (row.status === 'new' || row.status === 'contacted');
  }
  return true;
}

/** Fires one rule on one lead, once: the job 'rule.run'. */
async function runRule(trx: Transaction<Database>, job: Job, now: Date): Promise<void> {
  const p = job.payload as unknown as RunPayload;
  const rules = await sql<RuleRow>`select * from rules where id = ${p.rule} and enabled`.execute(trx);
  const rule = rules.rows[0];
  const found = await leadRow(trx, p.list, p.id);
  if (!rule || !found || !triggerStillHolds(rule.event, found.row, p)) return;
  const facts = factsOf(p.list, found.row, p.facts ?? {});
  if (rule.conditions.some((c) => c.field === 'testLanguage') && facts.testLanguage === undefined) {
    const language = await testLanguageOf(trx, found.row.email);
    if (language) facts.testLanguage = language;
  }
  if (!conditionsHold(rule.conditions, facts)) return;
  const claimed = await trx
    .insertInto('rule_firings')
    .values({ rule_id: rule.id, event_key: p.eventKey, list: p.list, lead_id: p.id })
    .onConflict((oc) => oc.columns(['rule_id', 'event_key']).doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return;
  const ctx: FiringContext = {
    trx,
    rule,
    lead: found.lead,
    list: p.list as ListSlug,
    row: found.row,
    eventKey: p.eventKey,
    depth: p.depth ?? 0,
    now,
  };
  const done: string[] = [];
  for (const action of rule.actions) done.push(await runAction(ctx, action));
  await record(trx, [
    {
      list: p.list,
      lead_id: p.id,
      admin_id: null,
      admin_label: `Rule: ${rule.name}`.slice(0, 200),
      action: 'rule',
      note: `Rule "${rule.name}" (${rule.event}): ${done.join('; ')}`.slice(0, 2000),
      data: { rule: rule.id, event: rule.event },
    },
  ]);
}

function onLeadCreated(config: RulesConfig): JobHandler {
  return async (trx, job, now) => {
    const { list, id } = job.payload as { list: string; id: string };
    const found = await leadRow(trx, list, id);
    if (!found) return;
    const created = new Date(found.row.created_at);
    await scheduleEscalation(trx, config, list, id, created);
    for (const rule of await rulesFor(trx, ['lead.created', 'lead.uncontacted', 'booking.unpaid'], list)) {
      const base = { event: rule.event, list, id, eventKey: `${rule.event}:${list}:${id}` };
      if (rule.event === 'lead.created') await queueRun(trx, rule, base, now);
      else if (rule.event === 'lead.uncontacted')
        await queueRun(trx, rule, base, addWorkingMinutes(created, rule.minutes ?? 0, config.workingHours));
      else if (list === 'bookings') await queueRun(trx, rule, base, new Date(created.getTime() + (rule.minutes ?? 0) * 60_000));
    }
  };
}

interface HistoryPayload {
  list: string;
  id: string;
  history: string;
  to?: LeadStatus;
  dueAt?: string;
  byRule?: string | null;
  depth?: number;
}

/** A change made by a rule's action does not run that same rule; a long chain of rules stops. */
function othersOf(rules: RuleRow[], p: HistoryPayload): RuleRow[] {
  if ((p.depth ?? 0) >= MAX_DEPTH) return [];
  return rules.filter((r) => r.id !== p.byRule);
}

const onStatus: JobHandler = async (trx, job, now) => {
  const p = job.payload as unknown as HistoryPayload;
  for (const rule of othersOf(await rulesFor(trx, ['lead.status'], p.list), p)) {
    if (rule.status && rule.status !== p.to) continue;
    await queueRun(
      trx,
      rule,
      { event: 'lead.status', list: p.list, id: p.id, eventKey: `lead.status:${p.history}`, depth: p.depth ?? 0 },
      now,
    );
  }
};

const onNextAction: JobHandler = async (trx, job) => {
  const p = job.payload as unknown as HistoryPayload;
  if (!p.dueAt) return;
  const due = new Date(p.dueAt);
  for (const rule of othersOf(await rulesFor(trx, ['nextAction.overdue'], p.list), p)) {
    const eventKey = `nextAction.overdue:${p.list}:${p.id}:${due.toISOString()}`;
    const payload = { event: 'nextAction.overdue' as const, list: p.list, id: p.id, eventKey, due: due.toISOString(), depth: p.depth ?? 0 };
    await queueRun(trx, rule, payload, new Date(due.getTime() + (rule.minutes ?? 0) * 60_000));
  }
};

/** The latest listed lead with this email: the person the test was taken by. */
async function latestLeadByEmail(trx: Transaction<Database>, email: string): Promise<{ list: string; id: string } | undefined> {
  const parts = ALL_LISTED.map(
    (lead) =>
      sql`(select ${lead.kind}::text as kind, id, created_at from ${sql.table(lead.table)} where email = ${email} order by created_at desc limit 1)`,
  );
  const rows = await sql<{
    kind: string;
    id: string;
  }>`select kind, id from (${sql.join(parts, sql` union all `)}) t order by created_at desc limit 1`.execute(trx);
  const row = rows.rows[0];
  const lead = row && ALL_LISTED.find((l) => l.kind === row.kind);
  return lead && row ? { list: listSlugOf(lead.kind), id: row.id } : undefined;
}

function listSlugOf(kind: keyof typeof LEAD_KINDS): string {
  return (LEAD_KINDS[kind] as { list: { slug: string } }).list.slug;
}

const onTestTaken: JobHandler = async (trx, job, now) => {
  const { quiz } = job.payload as { quiz: string };
  const rows = await sql<{ email: string; language: string }>`select email, language from quiz_submissions where id = ${quiz}`.execute(trx);
  const test = rows.rows[0];
  if (!test?.email) return;
  const lead = await latestLeadByEmail(trx, test.email);
  if (!lead) return;
  for (const rule of await rulesFor(trx, ['test.taken'], lead.list)) {
    await queueRun(
      trx,
      rule,
      { event: 'test.taken', ...lead, eventKey: `test.taken:${quiz}`, facts: { testLanguage: test.language } },
      now,
    );
  }
};

const onSessionFinished: JobHandler = async (trx, job, now) => {
  const { session, list, id } = job.payload as { session: string; list: string; id: string };
  const rows = await sql<{ organisation: string; city: string | null; language: string }>`
    select organisation, city, language from classroom_sessions where id = ${session}`.execute(trx);
  const s = rows.rows[0];
  if (!s) return;
  const facts: LeadFacts = { organisation: s.organisation, ...(s.city ? { city: s.city } : {}), testLanguage: s.language };
  for (const rule of await rulesFor(trx, ['session.finished'], list)) {
    await queueRun(trx, rule, { event: 'session.finished', list, id, eventKey: `session.finished:${session}`, facts }, now);
  }
};

/**
 * Every job kind the rules, escalation, a returning person's notice and the lead score need.
 * An event's score is written first, in its job, so the rules it queues read it.
 */
export function ruleJobHandlers(config: RulesConfig): Record<string, JobHandler> {
  return {
    ...scoreJobHandlers,
    'lead.created': scoredFirst('lead.created', onLeadCreated(config)),
    'lead.status': scoredFirst('lead.status', onStatus),
    'nextAction.set': onNextAction,
    'test.taken': scoredFirst('test.taken', onTestTaken),
    'session.finished': scoredFirst('session.finished', onSessionFinished),
    'rule.run': runRule,
    escalate: escalate(config),
    returning: tellReturningOwner,
  };
}
