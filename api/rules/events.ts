// The rules' jobs (api/jobs/scheduler.ts). Events arrive as jobs written by triggers in the
// transaction that made them (migrations/2026-11-27T0241_rules.ts); each turns into one
// 'rule.run' job per enabled rule of that event and list, keyed by rule and event, so a rule
// acts once per lead and event across instances and restarts (rule_firings keeps the same
// promise after old jobs are cleared). A timed trigger's job is simply due later. A rule's
// run checks, when it is due, that its trigger still holds (still uncontacted, still unpaid,
// the same next action still overdue) and its conditions match; then it fires. A claimed
// batch's events and runs are done together (api/jobs/scheduler.ts batch handlers): the new
// leads' jobs in one insert, a rule's firings on many leads with a statement per action.
import { sql, type Transaction } from 'kysely';
import { LEAD_KINDS, type LeadStatus, type ListSlug } from '../../contract/lead-kinds.ts';
import type { RuleAction, RuleCondition, RuleEvent } from '../../contract/rules.ts';
import type { Database } from '../db/schema.ts';
import { addWorkingMinutes } from '../desk/working-hours.ts';
import { ALL_LISTED, listedLead } from '../leads/definitions.ts';
import { record } from '../leads/history.ts';
import { enqueueJob, enqueueJobs, type Job, type JobHandler, type NewJob } from '../jobs/scheduler.ts';
import { MAX_DEPTH, runAction, type Firing, type Firings } from './actions.ts';
import { conditionsHold, type LeadFacts } from './conditions.ts';
import { factsOf, testLanguageOf } from './facts.ts';
import { escalate, escalationJobs, type RulesConfig } from './escalation.ts';
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

async function queueRun(trx: Transaction<Database>, rule: RuleRow, payload: Omit<RunPayload, 'rule'>, runAt: Date): Promise<void> {
  await enqueueJob(trx, runJob(rule, payload, runAt));
}

type LeadRow = Firing['row'] & { created_at: Date };

/** These leads of one list, by id (none for a list that is not a listed kind). */
async function leadRows(trx: Transaction<Database>, list: string, ids: string[]) {
  const lead = listedLead(list);
  if (!lead) return undefined;
  const rows = await sql<LeadRow>`select * from ${sql.table(lead.table)} where id = any(${[...new Set(ids)]}::uuid[])`.execute(trx);
  return { lead, rows: new Map(rows.rows.map((r) => [r.id, r])) };
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

/**
 * Rule runs of one rule and list, each lead at most once in a group (a lead's second event in
 * the same batch waits for the next group, so it sees the first one's changes), in the
 * order of their first job.
 */
function groupsOf(payloads: RunPayload[]): RunPayload[][] {
  const groups = new Map<string, Array<{ ids: Set<string>; runs: RunPayload[] }>>();
  for (const p of payloads) {
    const key = `${p.rule}\u0000${p.list}`;
    const waves = groups.get(key) ?? [];
    groups.set(key, waves);
    let wave = waves.find((w) => !w.ids.has(p.id));
    if (!wave) waves.push((wave = { ids: new Set(), runs: [] }));
    wave.ids.add(p.id);
    wave.runs.push(p);
  }
  return [...groups.values()].flatMap((waves) => waves.map((w) => w.runs));
}

/** Whose trigger still holds and whose conditions match. */
async function matching(trx: Transaction<Database>, rule: RuleRow, runs: RunPayload[], rows: Map<string, LeadRow>) {
  const matched: Array<{ run: RunPayload; row: LeadRow }> = [];
  for (const run of runs) {
    const row = rows.get(run.id);
    if (!row || !triggerStillHolds(rule.event, row, run)) continue;
    const facts = factsOf(run.list, row, run.facts ?? {});
    if (rule.conditions.some((c) => c.field === 'testLanguage') && facts.testLanguage === undefined) {
      const language = await testLanguageOf(trx, row.email);
      if (language) facts.testLanguage = language;
    }
    if (conditionsHold(rule.conditions, facts)) matched.push({ run, row });
  }
  return matched;
}

/** Fires one rule on leads of one list, once per lead and event (rule_firings), its actions done for them all together. */
async function fireRule(trx: Transaction<Database>, rule: RuleRow | undefined, runs: RunPayload[], now: Date): Promise<void> {
  const found =
    rule &&
    (await leadRows(
      trx,
      runs[0]!.list,
      runs.map((r) => r.id),
    ));
  if (!rule || !found) return;
  const matched = await matching(trx, rule, runs, found.rows);
  if (matched.length === 0) return;
  const claimed = await trx
    .insertInto('rule_firings')
    .values(matched.map(({ run }) => ({ rule_id: rule.id, event_key: run.eventKey, list: run.list, lead_id: run.id })))
    .onConflict((oc) => oc.columns(['rule_id', 'event_key']).doNothing())
    .returning('event_key')
    .execute();
  const mine = new Set(claimed.map((c) => c.event_key));
  const items = matched
    .filter(({ run }) => mine.has(run.eventKey))
    .map(({ run, row }) => ({ row, eventKey: run.eventKey, depth: run.depth ?? 0 }));
  if (items.length === 0) return;
  const firings: Firings = { trx, rule, lead: found.lead, list: runs[0]!.list as ListSlug, items, now };
  const done = items.map((): string[] => []);
  for (const action of rule.actions) (await runAction(firings, action)).forEach((words, i) => done[i]!.push(words));
  await record(
    trx,
    items.map((item, i) => ({
      list: firings.list,
      lead_id: item.row.id,
      admin_id: null,
      admin_label: `Rule: ${rule.name}`.slice(0, 200),
      action: 'rule' as const,
      note: `Rule "${rule.name}" (${rule.event}): ${done[i]!.join('; ')}`.slice(0, 2000),
      data: { rule: rule.id, event: rule.event },
    })),
  );
}

/** Fires rules on leads, each once per lead and event: the jobs 'rule.run', one or a batch. */
async function runRules(trx: Transaction<Database>, jobs: Job[], now: Date): Promise<void> {
  const runs = jobs.map((job) => job.payload as unknown as RunPayload);
  const rows = await sql<RuleRow>`select * from rules where id = any(${[...new Set(runs.map((r) => r.rule))]}::uuid[]) and enabled`.execute(
    trx,
  );
  const rules = new Map(rows.rows.map((r) => [r.id, r]));
  for (const group of groupsOf(runs)) await fireRule(trx, rules.get(group[0]!.rule), group, now);
}

const runRule: JobHandler = Object.assign((trx: Transaction<Database>, job: Job, now: Date) => runRules(trx, [job], now), {
  batch: runRules,
});

/** The rule.run job of one rule and event; `runAt`: the round's time for a rule that acts at once. */
function runJob(rule: RuleRow, payload: Omit<RunPayload, 'rule'>, runAt: Date): NewJob {
  return { kind: 'rule.run', key: `rule:${rule.id}:${payload.eventKey}`, payload: { ...payload, rule: rule.id }, runAt };
}

/** New leads' events: each one's escalation steps and the runs of the rules listening, for a batch in one insert. */
async function leadsCreated(trx: Transaction<Database>, config: RulesConfig, jobs: Job[], now: Date): Promise<void> {
  const refs = jobs.map((job) => job.payload as { list: string; id: string });
  const added: NewJob[] = [];
  for (const list of new Set(refs.map((r) => r.list))) {
    const found = await leadRows(
      trx,
      list,
      refs.filter((r) => r.list === list).map((r) => r.id),
    );
    if (!found || found.rows.size === 0) continue;
    // In the jobs' order (the leads' own), so a round robin's turns follow it as one at a time would.
    const leads = refs.flatMap((r) => {
      const row = r.list === list ? found.rows.get(r.id) : undefined;
      return row ? [{ list, id: row.id, created: new Date(row.created_at) }] : [];
    });
    added.push(...escalationJobs(config, leads));
    const rules = await rulesFor(trx, ['lead.created', 'lead.uncontacted', 'booking.unpaid'], list);
    for (const { id, created } of leads) {
      for (const rule of rules) {
        const base = { event: rule.event, list, id, eventKey: `${rule.event}:${list}:${id}` };
        if (rule.event === 'lead.created') added.push(runJob(rule, base, now));
        else if (rule.event === 'lead.uncontacted')
          added.push(runJob(rule, base, addWorkingMinutes(created, rule.minutes ?? 0, config.workingHours)));
        else if (list === 'bookings') added.push(runJob(rule, base, new Date(created.getTime() + (rule.minutes ?? 0) * 60_000)));
      }
    }
  }
  await enqueueJobs(trx, added);
}

function onLeadCreated(config: RulesConfig): JobHandler {
  return Object.assign((trx: Transaction<Database>, job: Job, now: Date) => leadsCreated(trx, config, [job], now), {
    batch: (trx: Transaction<Database>, jobs: Job[], now: Date) => leadsCreated(trx, config, jobs, now),
  });
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
