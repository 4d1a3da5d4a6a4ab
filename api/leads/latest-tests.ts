// The test-form list shows each personality sign-up with its latest taken test: the
// language, when, the five domain scores and the certificate. Matched by email (both are
// stored lower-cased), one query for a page of sign-ups.
import { sql, type Kysely } from 'kysely';
import type { QuizScores, QuizUserListItem } from '../../contract/quiz/api.ts';
import type { QuizDomain } from '../../contract/quiz/items.ts';
import type { QuizResult } from '../../contract/quiz/scoring.ts';
import type { Database } from '../db/schema.ts';
import { iso } from '../lib/dates.ts';
import type { ExtrasSql, ListItem } from './list-item.ts';
import { parsedJson } from '../lib/parsed-json.ts';

export function scoresOf(result: QuizResult | string): QuizScores {
  const { domains } = parsedJson<QuizResult>(result);
  return Object.fromEntries(domains.map((d) => [d.domain, d.percent])) as Record<QuizDomain, number>;
}

/** What the test-form list adds to each sign-up. */
export type LatestTest = Pick<QuizUserListItem, 'language' | 'submittedAt' | 'scores' | 'certificateId'>;

/**
 * The same as withLatestTests, in SQL beside a sign-up (the CSV export): the latest test by
 * the same order, its scores as one JSON object by domain.
 */
export const latestTestSql: ExtrasSql = {
  join: sql`left join lateral (
    select q.language as test_language, q.created_at as taken_at, q.certificate_id as test_certificate_id,
      (select jsonb_object_agg(d ->> 'domain', d -> 'percent') from jsonb_array_elements(q.result -> 'domains') d) as test_scores
    from quiz_submissions q where q.email = personality_users.email
    order by q.created_at desc, q.id desc limit 1
  ) latest_test on true`,
  // Named apart from the row's own columns, which the export's query reads unqualified.
  fields: {
    language: sql`latest_test.test_language`,
    submittedAt: sql`latest_test.taken_at`,
    scores: sql`latest_test.test_scores`,
    certificateId: sql`latest_test.test_certificate_id`,
  },
};

export async function withLatestTests<I extends ListItem>(db: Kysely<Database>, items: I[]): Promise<Array<I & LatestTest>> {
  const emails = [...new Set(items.map((i) => String(i.email)))];
  const tests =
    emails.length === 0
      ? []
      : await db
          .selectFrom('quiz_submissions')
          .distinctOn('email')
          .select(['email', 'language', 'result', 'certificate_id', 'created_at'])
          .where(sql<boolean>`email = any(${emails}::text[])`)
          .orderBy('email')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
  const latest = new Map(tests.map((t) => [t.email, t]));
  return items.map((item) => {
    const test = latest.get(String(item.email));
    return {
      ...item,
      language: test ? test.language : null,
      submittedAt: test ? iso(test.created_at) : null,
      scores: test ? scoresOf(test.result) : null,
      certificateId: test ? test.certificate_id : null,
    };
  });
}
