// The score's jobs on the one scheduler (api/jobs/scheduler.ts). A score changes when something
// happens to the lead or its person, and every such event is already a job written by a trigger
// in the transaction that made it (migrations/2026-11-27T0241_rules.ts, 2026-11-27T0280_lead_score.ts):
// the rules' handlers score first (scoreStep), then queue the rules, so a `score` condition reads
// the score of the same event; the lead's POST writes nothing more than it did.
//
// - 'score.lead' {list, id}: one lead (a booking paid).
// - 'score.person' {email, phone}: every lead of a person (a classroom session joined).
// - 'score.recompute' {run, list?, after?}: every lead, SCORE_BATCH at a time, each batch its own
//   job and transaction (new weights; each night, as the recency points age); the last batch
//   queues the next night's sweep.
import { sql, type Kysely, type Transaction } from 'kysely';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import type { Database } from '../db/schema.ts';
import { ALL_LISTED } from '../leads/definitions.ts';
import { enqueueJob, type Job, type JobHandler } from '../jobs/scheduler.ts';
import { loadWeights, rescoreLeads, rescorePeople, rescorePerson, SCORE_BATCH } from './compute.ts';

interface LeadRef {
  list: string;
  id: string;
}

async function personOf(trx: Transaction<Database>, { list, id }: LeadRef) {
  const lead = ALL_LISTED.find((l) => LEAD_KINDS[l.kind].list.slug === list);
  if (!lead) return undefined;
  const rows = await sql<{ email: string; phone: string }>`select email, phone from ${sql.table(lead.table)} where id = ${id}`.execute(trx);
  return rows.rows[0];
}

/** The leads whose score an event changes, scored: the event's lead, then the rest of its person's. */
async function rescoreAround(trx: Transaction<Database>, ref: LeadRef, now: Date): Promise<void> {
  const person = await personOf(trx, ref);
  if (!person) return;
  await rescoreLeads(trx, ref.list, [ref.id], now);
  await rescorePerson(trx, person, now);
}

/** The score's part of each rules event, by job kind (run before the event's rules are queued). */
export const scoreStep: Readonly<
  Record<string, (trx: Transaction<Database>, payload: Record<string, unknown>, now: Date) => Promise<void>>
> = {
  // A new form: its own score, and the person's other forms count it.
  'lead.created': (trx, p, now) => rescoreAround(trx, p as unknown as LeadRef, now),
  // Spam or not changes its score and what the person's other forms count.
  'lead.status': (trx, p, now) => rescoreAround(trx, p as unknown as LeadRef, now),
  'test.taken': async (trx, p, now) => {
    const rows = await sql<{ email: string | null }>`select email from quiz_submissions where id = ${p.quiz as string}`.execute(trx);
    const email = rows.rows[0]?.email;
    if (email) await rescorePerson(trx, { email }, now);
  },
  // The organisation's enquiry had its classroom session.
  'session.finished': (trx, p, now) => rescoreAround(trx, p as unknown as LeadRef, now),
};

/** New leads' scores (a batch of 'lead.created'): each lead's own, then its person's other forms, one read and one write per list. */
async function rescoreCreated(trx: Transaction<Database>, refs: LeadRef[], now: Date): Promise<void> {
  const people: Array<{ email: string; phone: string }> = [];
  for (const list of new Set(refs.map((r) => r.list))) {
    const lead = ALL_LISTED.find((l) => LEAD_KINDS[l.kind].list.slug === list);
    if (!lead) continue;
    const ids = [...new Set(refs.filter((r) => r.list === list).map((r) => r.id))];
    const rows = await sql<{ id: string; email: string; phone: string }>`
      select id, email, phone from ${sql.table(lead.table)} where id = any(${ids}::uuid[])`.execute(trx);
    await rescoreLeads(
      trx,
      list,
      rows.rows.map((r) => r.id),
      now,
    );
    people.push(...rows.rows);
  }
  await rescorePeople(trx, people, now);
}

/** A rules handler that first does its event's score step (for a batch too, when both do batches). */
export function scoredFirst(kind: string, handler: JobHandler): JobHandler {
  const step = scoreStep[kind];
  if (!step) return handler;
  const one: JobHandler = async (trx, job, now) => {
    await step(trx, job.payload, now);
    await handler(trx, job, now);
  };
  const together = handler.batch;
  if (kind !== 'lead.created' || !together) return one;
  return Object.assign(one, {
    batch: async (trx: Transaction<Database>, jobs: Job[], now: Date) => {
      await rescoreCreated(
        trx,
        jobs.map((job) => job.payload as unknown as LeadRef),
        now,
      );
      await together(trx, jobs, now);
    },
  });
}

interface RecomputePayload {
  run: string;
  /** Index into ALL_LISTED. */
  list?: number;
  after?: string | null;
}

/** The next night's sweep, at 01:00 in India (19:30 UTC), keyed by its date so it is queued once. */
export function nextSweepAt(now: Date): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 19, 30));
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

async function queueSweep(trx: Transaction<Database>, now: Date): Promise<void> {
  const at = nextSweepAt(now);
  const run = `nightly:${at.toISOString().slice(0, 10)}`;
  await enqueueJob(trx, { kind: 'score.recompute', key: `score.recompute:${run}`, payload: { run }, runAt: at });
}

/** One batch of a recompute: SCORE_BATCH leads of one list after `after`, then the next batch's job. */
const recompute: JobHandler = async (trx, job, now) => {
  const p = job.payload as unknown as RecomputePayload;
  const index = p.list ?? 0;
  const lead = ALL_LISTED[index];
  if (!lead) {
    await queueSweep(trx, now);
    return;
  }
  const rows = await sql<{ id: string }>`
    select id from ${sql.table(lead.table)} where ${p.after ? sql`id > ${p.after}` : sql`true`} order by id limit ${SCORE_BATCH}`.execute(
    trx,
  );
  const ids = rows.rows.map((r) => r.id);
  const { weights } = await loadWeights(trx);
  await rescoreLeads(trx, LEAD_KINDS[lead.kind].list.slug, ids, now, weights);
  const next: RecomputePayload =
    ids.length === SCORE_BATCH ? { run: p.run, list: index, after: ids.at(-1)! } : { run: p.run, list: index + 1, after: null };
  await enqueueJob(trx, {
    kind: 'score.recompute',
    key: `score.recompute:${next.run}:${next.list}:${next.after ?? 'start'}`,
    payload: { ...next },
    runAt: now,
  });
};

/** Starts a recompute of every lead (new weights): its first batch's job, in the caller's transaction. */
export async function startRecompute(trx: Transaction<Database>, run: string, now: Date): Promise<void> {
  await enqueueJob(trx, { kind: 'score.recompute', key: `score.recompute:${run}`, payload: { run }, runAt: now });
}

/** Batches of a recompute due and waiting (the console says one is under way); the next night's is not due. */
export async function recomputesWaiting(db: Kysely<Database>, now: Date): Promise<number> {
  const rows = await sql<{ n: string }>`
    select count(*) as n from jobs where kind = 'score.recompute' and state = 'waiting' and run_at <= ${now}`.execute(db);
  return Number(rows.rows[0]?.n ?? 0);
}

export const scoreJobHandlers: Record<string, JobHandler> = {
  'score.lead': async (trx, job, now) => {
    const { list, id } = job.payload as unknown as LeadRef;
    await rescoreLeads(trx, list, [id], now);
  },
  'score.person': async (trx, job, now) => {
    const { email, phone } = job.payload as { email?: string | null; phone?: string | null };
    await rescorePerson(trx, { email, phone }, now);
  },
  'score.recompute': recompute,
};
