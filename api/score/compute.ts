// Scores leads: reads what the score needs of each lead and its person (contract/score.ts
// ScoreFacts) in one query per list and batch, scores them with the admins' weights and writes
// the `score` column where it changed. The reasons are the same function's, given on read.
// A person is the leads with the same email or the same ten-digit phone (as the people links
// and the timeline match them), read from their indexes, never from a copy kept by hand.
import { sql, type Kysely } from 'kysely';
import { LEAD_KINDS, type LeadStatus, type ListSlug } from '../../contract/lead-kinds.ts';
import { DEFAULT_SCORE_WEIGHTS, scoreOf, SCORE_LIMITS, type LeadScore, type ScoreFacts, type ScoreWeights } from '../../contract/score.ts';
import type { Database } from '../db/schema.ts';
import { ALL_LISTED, listedLead, type ListedLead } from '../leads/definitions.ts';

/** Leads scored in one transaction by a recompute (after new weights, and each night's sweep). */
export const SCORE_BATCH = 500;
/** A person's leads rescored per list and event: a person has a few; more is a shared placeholder. */
export const PERSON_READ = 25;
/** Other forms read per list and lead: more than any weight counts. */
const OTHERS_READ = SCORE_LIMITS.otherFormsMax + 1;
const PHONE = '^[0-9]{10}$';

const slugOf = (lead: ListedLead) => LEAD_KINDS[lead.kind].list.slug as ListSlug;

/** The admins' weights, or the defaults; a list added since they were saved gets its default. */
export async function loadWeights(db: Kysely<Database>): Promise<{ weights: ScoreWeights; updatedAt: Date | null }> {
  const row = await db.selectFrom('score_weights').select(['weights', 'updated_at']).executeTakeFirst();
  if (!row) return { weights: DEFAULT_SCORE_WEIGHTS, updatedAt: null };
  const saved = (typeof row.weights === 'string' ? JSON.parse(row.weights) : row.weights) as ScoreWeights;
  return {
    weights: { ...DEFAULT_SCORE_WEIGHTS, ...saved, forms: { ...DEFAULT_SCORE_WEIGHTS.forms, ...saved.forms } },
    updatedAt: row.updated_at,
  };
}

/**
 * The person's other forms in one list, never the lead itself: up to OTHERS_READ of them, in no
 * order, so a phone thousands of leads typed (a placeholder, a centre's own number) costs a few
 * index reads, not all of them (its recency is then that of the forms read).
 */
function othersIn(other: ListedLead, lead: ListedLead) {
  const self = other.table === lead.table ? sql`and x.id <> l.id` : sql``;
  return sql`(select x.created_at from ${sql.table(other.table)} x
    where (x.email = l.email or (l.phone ~ ${PHONE} and x.phone = l.phone)) and x.status <> 'spam' ${self}
    limit ${OTHERS_READ})`;
}

interface FactsRow {
  id: string;
  status: LeadStatus;
  utm_source: string | null;
  created_at: Date | string;
  paid: boolean;
  test_at: Date | string | null;
  session: boolean;
  others: number;
  other_at: Date | string | null;
}

/** The facts of these leads of one list. */
async function factsOf(db: Kysely<Database>, lead: ListedLead, ids: readonly string[]): Promise<Map<string, ScoreFacts>> {
  const list = slugOf(lead);
  const paid = list === 'bookings' ? sql`l.payment_status = 'paid'` : sql`false`;
  // An organisation's enquiry that had a classroom session counts the session too.
  const held = list === 'need-help' ? sql`or exists (select 1 from classroom_sessions c where c.lead_id = l.id)` : sql``;
  const rows = await sql<FactsRow>`
    select l.id, l.status, l.utm_source, l.created_at, ${paid} as paid, t.test_at,
      (exists (select 1 from session_participants s where s.email = l.email)
        or (l.phone ~ ${PHONE} and exists (select 1 from session_participants s where s.phone = l.phone)) ${held}) as session,
      o.others, o.other_at
    from ${sql.table(lead.table)} l
    cross join lateral (select max(q.created_at) as test_at from quiz_submissions q where q.email = l.email) t
    cross join lateral (
      select count(*)::int as others, max(a.created_at) as other_at
      from (${sql.join(
        ALL_LISTED.map((other) => othersIn(other, lead)),
        sql` union all `,
      )}) a
    ) o
    where l.id = any(${ids}::uuid[])`.execute(db);
  const facts = new Map<string, ScoreFacts>();
  for (const r of rows.rows) {
    const times = [r.created_at, r.test_at, r.other_at].filter((t): t is Date | string => t !== null).map((t) => new Date(t).getTime());
    facts.set(r.id, {
      list,
      status: r.status,
      paid: r.paid,
      utmSource: r.utm_source,
      testTaken: r.test_at !== null,
      session: r.session,
      lastActivityAt: new Date(Math.max(...times)),
      otherForms: Number(r.others),
    });
  }
  return facts;
}

/** Scores these leads of one list and writes the scores that changed; resolves how many changed. */
export async function rescoreLeads(
  db: Kysely<Database>,
  list: string,
  ids: readonly string[],
  now: Date,
  weights?: ScoreWeights,
): Promise<number> {
  const lead = listedLead(list);
  if (!lead || ids.length === 0) return 0;
  const w = weights ?? (await loadWeights(db)).weights;
  const facts = await factsOf(db, lead, ids);
  const scored = [...facts].map(([id, f]) => [id, scoreOf(f, w, now).score] as const);
  if (scored.length === 0) return 0;
  const result = await sql`
    update ${sql.table(lead.table)} t set score = v.score
    from unnest(${scored.map(([id]) => id)}::uuid[], ${scored.map(([, s]) => s)}::int[]) as v(id, score)
    where t.id = v.id and t.score <> v.score`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

type Person = { email?: string | null | undefined; phone?: string | null | undefined };

/**
 * Scores the leads of the person with this email or phone (a new form, a test, a session changes
 * them all): up to PERSON_READ of them in each list, so a placeholder phone shared by thousands
 * of leads does not make every new lead rescore them all.
 */
export async function rescorePerson(db: Kysely<Database>, person: Person, now: Date): Promise<void> {
  await rescorePeople(db, [person], now);
}

/** rescorePerson for several people at once (a batch of new leads): one read finds them all, one write per list. */
export async function rescorePeople(db: Kysely<Database>, people: Person[], now: Date): Promise<void> {
  const keys = new Map<string, { email: string | null; phone: string | null }>();
  for (const person of people) {
    const email = person.email ?? null;
    const phone = person.phone && new RegExp(PHONE).test(person.phone) ? person.phone : null;
    if (email !== null || phone !== null) keys.set(`${email}\u0000${phone}`, { email, phone });
  }
  if (keys.size === 0) return;
  const emails = [...keys.values()].map((k) => k.email);
  const phones = [...keys.values()].map((k) => k.phone);
  // One read finds them in every list (each side by its index); only the lists they are in are scored.
  const parts = ALL_LISTED.map(
    (lead) =>
      sql`(select ${slugOf(lead)}::text as list, x.id from unnest(${emails}::text[], ${phones}::text[]) as p(email, phone)
        cross join lateral (select id from ${sql.table(lead.table)} where email = p.email or phone = p.phone limit ${PERSON_READ}) x)`,
  );
  const [found, { weights }] = await Promise.all([
    sql<{ list: string; id: string }>`${sql.join(parts, sql` union all `)}`.execute(db),
    loadWeights(db),
  ]);
  for (const list of new Set(found.rows.map((r) => r.list))) {
    const ids = new Set(found.rows.filter((r) => r.list === list).map((r) => r.id));
    await rescoreLeads(db, list, [...ids], now, weights);
  }
}

/** One lead's score with its reasons, as of `now` (the lead panel's), or undefined when not found. */
export async function leadScore(db: Kysely<Database>, list: string, id: string, now: Date): Promise<LeadScore | undefined> {
  const lead = listedLead(list);
  if (!lead) return undefined;
  const [facts, { weights }] = await Promise.all([factsOf(db, lead, [id]), loadWeights(db)]);
  const found = facts.get(id);
  return found ? scoreOf(found, weights, now) : undefined;
}
