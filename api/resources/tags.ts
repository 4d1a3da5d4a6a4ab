// The tags in use on a list, mounted at /api/admin/tags (contract/tags.ts):
//   GET ?list={slug}  (members who read leads) → { data: [{ tag, leads }] }, most used first,
//                     counted over the leads the member may see (a counsellor: theirs and the pool)
// A lead's own tags come with its detail and change through its PATCH (resources/lead-admin.ts).
import { Hono } from 'hono';
import type { TagsResponse } from '../../contract/tags.ts';
import type { Deps } from '../deps.ts';
import { guard, visibleTo } from '../desk/access.ts';
import { leadOf } from '../leads/definitions.ts';
import { tagCounts } from '../leads/tags.ts';

export function tags(deps: Deps): Hono {
  return new Hono().get('/', guard(deps, 'leads.read'), async (c) => {
    const { lead, list } = leadOf(c.req.query('list') ?? '');
    const body: TagsResponse = { data: await tagCounts(deps.db, lead.table, list, visibleTo(c.get('adminSession').admin)) };
    return c.json(body);
  });
}
