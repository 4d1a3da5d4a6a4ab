// A new lead's first score. Its insert writes a `lead.created` job only while a rule listens on
// its list (migrations/2026-11-27T0291_cheap_lead_events.ts keeps that cost off the POST); when
// one does, that job scores it first (jobs.ts). The others are scored here, by a round on the
// scheduler every few seconds (api/jobs/rounds.ts), a batch at a time: a lead not yet scored
// still holds the column's 0, which no stored, non-spam form can score (every form has its
// points), and the last hour's leads are read by their created_at index, newest first.
import { sql, type Kysely } from 'kysely';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import type { Database } from '../db/schema.ts';
import { ALL_LISTED } from '../leads/definitions.ts';
import { rescoreLeads, rescorePerson } from './compute.ts';

/**
 * Leads scored per list per round. Small, and a full batch waits for the next round rather than
 * asking for one at once: on embedded PGlite every query shares the requests' one connection,
 * and a burst of leads must not be slowed by scoring them (2.5 a second per list is ahead of
 * any real day's leads; a flood is scored as it eases, or by the nightly sweep).
 */
export const NEW_LEAD_BATCH = 5;
/**
 * How far back a round looks. A lead whose weights really give 0 (an admin set its form's
 * points to 0) is looked at again for this long, never for ever; the nightly sweep scores
 * every lead whatever happened (a scheduler stopped for longer than this).
 */
const WINDOW_MS = 60 * 60_000;

/** Scores the last hour's unscored leads, a batch per list; true when a list had more than one batch. */
export async function scoreNewLeadsOnce(db: Kysely<Database>, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - WINDOW_MS);
  let more = false;
  for (const lead of ALL_LISTED) {
    const rows = await sql<{ id: string; email: string | null; phone: string | null }>`
      select id, email, phone from ${sql.table(lead.table)}
      where created_at > ${since} and score = 0 and status <> 'spam'
      order by created_at desc limit ${NEW_LEAD_BATCH}`.execute(db);
    if (rows.rows.length === 0) continue;
    await rescoreLeads(
      db,
      LEAD_KINDS[lead.kind].list.slug,
      rows.rows.map((r) => r.id),
      now,
    );
    // Each new form also counts on the person's other forms.
    const people = new Map(rows.rows.map((r) => [`${r.email ?? ''}|${r.phone ?? ''}`, r]));
    for (const person of people.values()) await rescorePerson(db, person, now);
    if (rows.rows.length === NEW_LEAD_BATCH) more = true;
  }
  return more;
}
