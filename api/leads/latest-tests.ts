// The test-form list shows each personality sign-up with its latest taken test: the
// language, when, the five domain scores and the certificate. Matched by email (both are
// stored lower-cased), one query for a page of sign-ups.
import { sql, type Kysely } from 'kysely';
import type { QuizScores, QuizUserListItem } from '../../contract/quiz/api.ts';
import type { QuizDomain } from '../../contract/quiz/items.ts';
import type { QuizResult } from '../../contract/quiz/scoring.ts';
import type { Database } from '../db/schema.ts';
import { iso } from '../lib/dates.ts';
import type { ListItem } from './list-item.ts';
import { parsedJson } from '../lib/parsed-json.ts';

export function scoresOf(result: QuizResult | string): QuizScores {
  const { domains } = parsedJson<QuizResult>(result);
  return Object.fromEntries(domains.map((d) => [d.domain, d.percent])) as Record<QuizDomain, number>;
}

/** What the test-form list adds to each sign-up. */
export type LatestTest = Pick<QuizUserListItem, 'language' | 'submittedAt' | 'scores' | 'certificateId'>;

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
