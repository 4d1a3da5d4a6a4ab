// One person's submissions across the lists, matched on the email or the 10-digit phone,
// and their taken tests, newest first, within what the member may see. One person who
// joined free, then enquired, then took the test is one story, not three strangers.
import { sql, type Kysely } from 'kysely';
import type { PersonSubmission } from '../../contract/people.ts';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import { certificatePagePath } from '../../contract/quiz/api.ts';
import type { Database } from '../db/schema.ts';
import { iso } from '../lib/dates.ts';
import { ALL_LISTED, type ListedRow } from './definitions.ts';
import { scoresOf } from './latest-tests.ts';
import { withExtras } from './extras.ts';
import { seesAllLeads, visibleTo } from '../desk/access.ts';
import type { Member } from '../auth/auth.ts';

/** Submissions shown for one person at most (a shared office address could match many). */
export const PEOPLE_MAX = 200;

export async function submissionsOf(
  db: Kysely<Database>,
  match: { email?: string | undefined; phone?: string | undefined },
  member: Pick<Member, 'id' | 'role'>,
): Promise<PersonSubmission[]> {
  const scope = visibleTo(member);
  // Each side uses its own index (email, phone); an OR of the two is a bitmap OR.
  const parts = [];
  if (match.email !== undefined) parts.push(sql`email = ${match.email}`);
  if (match.phone !== undefined) parts.push(sql`phone = ${match.phone}`);
  if (parts.length === 0) return [];
  const where = sql.join(parts, sql` or `);

  const found: PersonSubmission[] = [];
  await Promise.all(
    ALL_LISTED.map(async (lead) => {
      const list = LEAD_KINDS[lead.kind].list.slug;
      const rows = await sql<ListedRow<typeof lead.table>>`
        select * from ${sql.table(lead.table)} where (${where}) and ${scope}
        order by created_at desc limit ${PEOPLE_MAX}`.execute(db);
      // With what the kind reads beside its rows (a webinar's title), which its summary may name.
      const items = await withExtras(
        db,
        lead,
        rows.rows.map((row) => lead.listItem(row)),
      );
      rows.rows.forEach((row, i) => found.push({ list, kind: 'lead', ...items[i]!, createdAt: iso(row.created_at) }));
    }),
  );
  // A person whose every submission another counsellor owns is not shown through their tests either.
  if (match.email !== undefined && (seesAllLeads(member) || found.length > 0)) {
    const tests = await db
      .selectFrom('quiz_submissions')
      .select(['id', 'name', 'email', 'language', 'result', 'certificate_id', 'certificate_emailed', 'created_at'])
      .where('email', '=', match.email)
      .orderBy('created_at', 'desc')
      .limit(PEOPLE_MAX)
      .execute();
    for (const t of tests) {
      found.push({
        list: 'test-form',
        kind: 'test',
        _id: t.id,
        name: t.name,
        email: t.email,
        language: t.language,
        scores: scoresOf(t.result),
        certificateId: t.certificate_id,
        certificateUrl: certificatePagePath(t.certificate_id),
        emailed: t.certificate_emailed,
        createdAt: iso(t.created_at),
      });
    }
  }
  found.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  return found.slice(0, PEOPLE_MAX);
}
