// How new leads are assigned, per list, mounted at /api/admin/assignment:
//   GET  (admins, viewers) → { lists: { [list]: { mode: 'round-robin' | 'manual', members: [id, …] } } }
//   PUT  (admins) { lists: { [list]: { mode, members } } } → the same, every list: the lists
//        named are replaced, the others keep theirs.
// Round robin is decided inside each lead's insert (migrations/2026-11-24T0010_sales_desk.ts):
// the next active member after the last one given a lead, under the rule row's lock, so
// it is fair across instances and concurrent submissions; spam takes no turn.
import { Hono } from 'hono';
import { sql } from 'kysely';
import { BODY_MAX_BYTES } from '../../contract/api.ts';
import { ASSIGNMENT_MESSAGES, listAssignmentSchema, type AssignmentRules, type ListAssignment } from '../../contract/assignment.ts';
import { LIST_SLUGS, type ListSlug } from '../../contract/lead-kinds.ts';
import { nowOf, type Deps } from '../deps.ts';
import { guard } from '../desk/access.ts';
import { HttpError, isPlainObject, readJsonBody } from '../http/http.ts';
import { validate } from '../http/validate.ts';

async function rules(deps: Deps): Promise<AssignmentRules> {
  const rows = await deps.db.selectFrom('lead_assignment').select(['list', 'mode', 'members']).execute();
  const byList = new Map(rows.map((r) => [r.list, { mode: r.mode, members: r.members } satisfies ListAssignment]));
  return { lists: Object.fromEntries(LIST_SLUGS.map((slug) => [slug, byList.get(slug) ?? { mode: 'manual', members: [] }])) };
}

function parseRules(body: unknown): Array<[ListSlug, ListAssignment]> {
  const lists = isPlainObject(body) ? body.lists : undefined;
  if (!isPlainObject(lists)) throw new HttpError(400, 'Send { lists: { [list]: { mode, members } } }');
  return Object.entries(lists).map(([slug, value]) => {
    if (!(LIST_SLUGS as readonly string[]).includes(slug)) throw new HttpError(400, `There is no list "${slug.slice(0, 40)}"`);
    const input = validate(listAssignmentSchema, value);
    if (!input.ok) throw input.error;
    return [slug as ListSlug, { mode: input.value.mode as ListAssignment['mode'], members: input.value.members }];
  });
}

export function assignment(deps: Deps): Hono {
  return new Hono()
    .get('/', guard(deps, 'assignment.read'), async (c) => c.json(await rules(deps)))
    .put('/', guard(deps, 'assignment.manage'), async (c) => {
      const wanted = parseRules(await readJsonBody(c, BODY_MAX_BYTES));
      const ids = [...new Set(wanted.flatMap(([, rule]) => rule.members))];
      if (ids.some((id) => !/^[0-9a-f-]{36}$/i.test(id))) throw new HttpError(400, ASSIGNMENT_MESSAGES.membersInvalid);
      const eligible =
        ids.length === 0
          ? []
          : await deps.db
              .selectFrom('admins')
              .select('id')
              .where('id', 'in', ids)
              .where('active', '=', true)
              .where('password_hash', 'is not', null)
              .where('role', 'in', ['admin', 'counsellor'])
              .execute();
      if (eligible.length !== ids.length) throw new HttpError(400, ASSIGNMENT_MESSAGES.membersInvalid);
      const by = c.get('adminSession').admin.id;
      const now = nowOf(deps);
      await deps.db.transaction().execute(async (trx) => {
        for (const [list, rule] of wanted) {
          await trx
            .insertInto('lead_assignment')
            .values({ list, mode: rule.mode, members: rule.members, updated_at: now, updated_by: by })
            .onConflict((oc) =>
              oc.column('list').doUpdateSet({
                mode: rule.mode,
                members: rule.members,
                updated_at: now,
                updated_by: by,
                // The turn stays where it was when that member is still in the rule.
                last_member: sql`case when lead_assignment.last_member = any(excluded.members) then lead_assignment.last_member end`,
              }),
            )
            .execute();
        }
      });
      return c.json(await rules(deps));
    });
}
