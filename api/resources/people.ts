// GET /api/admin/people?email=&phone= (admin): one person's submissions across the five
// lists, matched on the email or the 10-digit phone, and their taken tests (under
// test-form, kind 'test'), newest first. One person who joined free, then enquired, then
// took the test is one story, not three strangers.
import { Hono } from 'hono';
import { sql } from 'kysely';
import { CONSOLE_MESSAGES, type PeopleResponse, type PersonSubmission } from '../../contract/console.ts';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import { normalizePhone } from '../../contract/leads.ts';
import { certificatePagePath } from '../../contract/quiz/api.ts';
import type { Deps } from '../deps.ts';
import { ALL_LISTED, type ListedRow } from '../leads/definitions.ts';
import { scoresOf } from '../leads/latest-tests.ts';
import { requireAdmin } from '../lib/auth.ts';
import { iso } from '../lib/dates.ts';
import { HttpError } from '../lib/http.ts';

/** Submissions shown for one person at most (a shared office address could match many). */
const PEOPLE_MAX = 200;

export function people(deps: Deps): Hono {
  return new Hono().get('/', requireAdmin(deps), async (c) => {
    const email = c.req.query('email')?.trim().toLowerCase() || undefined;
    const rawPhone = c.req.query('phone')?.trim() || undefined;
    const phone = rawPhone === undefined ? undefined : String(normalizePhone(rawPhone));
    if (
      (email === undefined && phone === undefined) ||
      (phone !== undefined && !/^\d{10}$/.test(phone)) ||
      (email !== undefined && email.length > 254)
    ) {
      throw new HttpError(400, CONSOLE_MESSAGES.peopleQuery);
    }
    // Each side uses its own index (email, phone); an OR of the two is a bitmap OR.
    const parts = [];
    if (email !== undefined) parts.push(sql`email = ${email}`);
    if (phone !== undefined) parts.push(sql`phone = ${phone}`);
    const match = sql.join(parts, sql` or `);

    const found: PersonSubmission[] = [];
    await Promise.all(
      ALL_LISTED.map(async (lead) => {
        const list = LEAD_KINDS[lead.kind].list.slug;
        const rows = await sql<ListedRow<typeof lead.table>>`
          select * from ${sql.table(lead.table)} where ${match}
          order by created_at desc limit ${PEOPLE_MAX}`.execute(deps.db);
        for (const row of rows.rows) found.push({ list, kind: 'lead', ...lead.listItem(row), createdAt: iso(row.created_at) });
      }),
    );
    if (email !== undefined) {
      const tests = await deps.db
        .selectFrom('quiz_submissions')
        .select(['id', 'name', 'email', 'language', 'result', 'certificate_id', 'certificate_emailed', 'created_at'])
        .where('email', '=', email)
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
    const body: PeopleResponse = { data: found.slice(0, PEOPLE_MAX) };
    return c.json(body);
  });
}
