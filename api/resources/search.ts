// GET /api/admin/search?q= (members who read leads) → { data: [{ list, _id, name, email,
// phone, createdAt }] }: the newest leads of every list whose name, email or phone holds q
// (a phone typed any way finds its ten digits), within what the member may see. Each list's
// part is its trigram index's search, newest first, cut at SEARCH_MAX.
import { Hono } from 'hono';
import { sql } from 'kysely';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import { SEARCH_MAX, type SearchHit, type SearchResponse } from '../../contract/search.ts';
import { WORKSPACE_MESSAGES } from '../../contract/workspace.ts';
import { isStorableText, TEXT_MESSAGES } from '../../contract/text-rules.ts';
import type { Deps } from '../deps.ts';
import { guard, visibleTo } from '../desk/access.ts';
import { nameOf } from '../desk/my-day.ts';
import { ALL_LISTED, type ListedRow } from '../leads/definitions.ts';
import { searchCondition } from '../leads/list-query.ts';
import { iso } from '../lib/dates.ts';
import { HttpError } from '../http/http.ts';

export function search(deps: Deps): Hono {
  return new Hono().get('/', guard(deps, 'leads.read'), async (c) => {
    const q = (c.req.query('q') ?? '').trim();
    if (q.length < 2) throw new HttpError(400, WORKSPACE_MESSAGES.searchShort);
    if (q.length > 100) throw new HttpError(400, 'q must be at most 100 characters');
    if (!isStorableText(q)) throw new HttpError(400, TEXT_MESSAGES.notAllowedCharacters('q'));
    const scope = visibleTo(c.get('adminSession').admin);
    const perList = await Promise.all(
      ALL_LISTED.map(async (lead) => {
        const rows = await sql<ListedRow<typeof lead.table>>`
          select * from ${sql.table(lead.table)}
          where ${searchCondition(lead.searchText, q)} and status <> 'spam' and ${scope}
          order by created_at desc, id desc limit ${SEARCH_MAX}`.execute(deps.db);
        const list = LEAD_KINDS[lead.kind].list.slug;
        return rows.rows.map((row): SearchHit => ({
          list,
          _id: row.id,
          name: nameOf(lead.listItem(row)),
          email: row.email,
          phone: row.phone,
          createdAt: iso(row.created_at),
        }));
      }),
    );
    const data = perList
      .flat()
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
      .slice(0, SEARCH_MAX);
    const body: SearchResponse = { data };
    return c.json(body);
  });
}
