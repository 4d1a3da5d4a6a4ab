// A session's class report (GET /api/admin/sessions/{code}/report): the class's profile on
// the five domains from each participant's latest test (a student who took it twice counts
// once). Aggregate only, and no figures at all below REPORT_MIN_FINISHED finished: with
// fewer, a figure could be read back to one student.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { QUIZ_DOMAINS, type QuizDomain } from '../../contract/quiz/items.ts';
import type { QuizResult } from '../../contract/quiz/scoring.ts';
import { REPORT_MIN_FINISHED, reportBandOf, type DomainFigures, type SessionReport } from '../../contract/sessions.ts';
import type { Database } from '../db/schema.ts';
import { parsedJson } from '../leads/quiz-answers.ts';
import { findSession } from './store.ts';

/** Each finished participant's latest result. */
async function latestResults(db: Kysely<Database>, code: string): Promise<QuizResult[]> {
  const { rows } = await sql<{ result: QuizResult | string }>`
    select distinct on (participant) result
    from quiz_submissions
    where session_code = ${code} and participant is not null
    order by participant, created_at desc, id desc`.execute(db);
  return rows.map((r) => parsedJson<QuizResult>(r.result));
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function median(sorted: number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Mean and median of the percents (0..100, one decimal) and how many fall in each of the five bands. */
export function domainFigures(percents: number[]): DomainFigures {
  const sorted = [...percents].sort((a, b) => a - b);
  const distribution: DomainFigures['distribution'] = [0, 0, 0, 0, 0];
  for (const p of sorted) distribution[reportBandOf(p)]! += 1;
  return {
    mean: round1(sorted.reduce((sum, p) => sum + p, 0) / sorted.length),
    median: round1(median(sorted)),
    distribution,
  };
}

export function classFigures(results: QuizResult[]): Record<QuizDomain, DomainFigures> {
  const percentsOf = (domain: QuizDomain) => results.map((r) => r.domains.find((d) => d.domain === domain)!.percent);
  return Object.fromEntries(QUIZ_DOMAINS.map((d) => [d, domainFigures(percentsOf(d))])) as Record<QuizDomain, DomainFigures>;
}

/** The report of a session within `scope` (desk/access.ts sessionsVisibleTo); undefined when there is none. */
export async function sessionReport(
  db: Kysely<Database>,
  code: string,
  publicUrl: string,
  scope: RawBuilder<boolean>,
): Promise<SessionReport | undefined> {
  const session = await findSession(db, code, publicUrl, scope);
  if (!session) return undefined;
  const results = session.finished >= REPORT_MIN_FINISHED ? await latestResults(db, code) : [];
  return {
    organisation: session.organisation,
    date: session.date,
    joined: session.joined,
    finished: session.finished,
    // The count and the results are read apart: a test arriving between them only adds one.
    domains: results.length >= REPORT_MIN_FINISHED ? classFigures(results) : null,
  };
}
