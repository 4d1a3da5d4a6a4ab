// Saved views, mounted at /api/admin/views: a member's named filters of a list (its query
// string, as the list's URL has it), theirs or shared with the team; the console's sidebar
// lists them.
//   GET           (members who read leads) → { data: [{ id, name, list, query, shared, owner, mine }] }
//   POST          (admins, counsellors) { name, list, query, shared } → 201 { view }
//   DELETE /{id}  (admins, counsellors) their own (an admin: any shared one too) → 204
// Viewers change nothing (contract/desk.ts 'views.save'): they save no view, and a view shared
// by a member who may no longer save views (a viewer, before this rule) is on no one else's sidebar.
import { Hono } from 'hono';
import { BODY_MAX_BYTES } from '../../contract/api.ts';
import { kindOfSlug, type ListSlug } from '../../contract/lead-kinds.ts';
import { viewSchema, type SavedView, type ViewsResponse } from '../../contract/views.ts';
import { WORKSPACE_MESSAGES } from '../../contract/workspace.ts';
import { isStorableText } from '../../contract/text-rules.ts';
import type { Deps } from '../deps.ts';
import { can, guard, PERMISSIONS } from '../desk/access.ts';
import { isLeadId } from '../leads/history.ts';
import type { Member } from '../auth/auth.ts';
import { HttpError, readJsonBody } from '../http/http.ts';
import { validate } from '../http/validate.ts';

const notFound = () => new HttpError(404, WORKSPACE_MESSAGES.viewNotFound);

async function viewsOf(deps: Deps, member: Member): Promise<SavedView[]> {
  const rows = await deps.db
    .selectFrom('saved_views as v')
    .innerJoin('admins as a', 'a.id', 'v.owner_id')
    .select(['v.id', 'v.name', 'v.list', 'v.query', 'v.shared', 'v.owner_id', 'a.name as owner_name', 'a.email as owner_email'])
    .where((eb) =>
      eb.or([eb('v.owner_id', '=', member.id), eb.and([eb('v.shared', '=', true), eb('a.role', 'in', PERMISSIONS['views.save'])])]),
    )
    .orderBy('v.list')
    .orderBy('v.name')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    list: r.list as ListSlug,
    query: r.query,
    shared: r.shared,
    owner: { _id: r.owner_id, name: r.owner_name.trim() || r.owner_email },
    mine: r.owner_id === member.id,
  }));
}

export function views(deps: Deps): Hono {
  return new Hono()
    .get('/', guard(deps, 'leads.read'), async (c) => {
      const body: ViewsResponse = { data: await viewsOf(deps, c.get('adminSession').admin) };
      return c.json(body);
    })
    .post('/', guard(deps, 'views.save'), async (c) => {
      const input = validate(viewSchema, await readJsonBody(c, BODY_MAX_BYTES));
      if (!input.ok) throw input.error;
      const { name, list, query, shared } = input.value;
      if (!kindOfSlug(list)) throw new HttpError(400, 'There is no such list', { list: 'There is no such list' });
      const clean = query.replace(/^\?/, '');
      if (!isStorableText(clean)) throw new HttpError(400, 'The view is not a list query', { query: 'The view is not a list query' });
      const member = c.get('adminSession').admin;
      const row = await deps.db
        .insertInto('saved_views')
        .values({ owner_id: member.id, name, list, query: clean, shared })
        .returning('id')
        .executeTakeFirstOrThrow();
      const view = (await viewsOf(deps, member)).find((v) => v.id === row.id);
      return c.json({ view }, 201);
    })
    .delete('/:id', guard(deps, 'views.save'), async (c) => {
      const id = c.req.param('id');
      if (!isLeadId(id)) throw notFound();
      const member = c.get('adminSession').admin;
      const view = await deps.db.selectFrom('saved_views').select(['owner_id', 'shared']).where('id', '=', id).executeTakeFirst();
      if (!view || (view.owner_id !== member.id && !view.shared)) throw notFound();
      if (view.owner_id !== member.id && !can(member, 'team.manage'))
        throw new HttpError(403, 'Only its owner or an admin can delete a shared view');
      await deps.db.deleteFrom('saved_views').where('id', '=', id).execute();
      return c.body(null, 204);
    });
}
