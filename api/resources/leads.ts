// The public lead calls of spec §7, for every kind in the registry (contract/lead-kinds.ts):
//   POST {path}         a submission, exactly once per Idempotency-Key (ingest/ingest.ts)
//   GET  {list.path}    (members who read leads) the kind's list in the spec's shape, each
//                       item with its status, owner, next step and wait, with
//                       ?page=&limit=&q=&from=&to=&status=&utm_source=&assignee= and
//                       X-Total-Count; a counsellor's holds theirs and the pool
import { Hono } from 'hono';
import { LEAD_KINDS, type ListEnvelope } from '../../contract/lead-kinds.ts';
import { nowOf, type Deps } from '../deps.ts';
import { guard, visibleTo } from '../desk/access.ts';
import { deskFields, teamNames } from '../desk/lead-fields.ts';
import type { Member } from '../auth/auth.ts';
import { likelyDuplicates, personOfLeads } from '../people/people.ts';
import { ALL_LISTED, LISTED_LEADS, type ListedLead } from '../leads/definitions.ts';
import { withExtras } from '../leads/extras.ts';
import { tagsOfLeads } from '../leads/tags.ts';
import { parseLeadListQuery, queryLeads, setTotal, type LeadListQuery } from '../leads/list-query.ts';
import type { AnyLeadResource, Ingest } from '../ingest/ingest.ts';
import { leadRoute } from '../ingest/lead-route.ts';

/**
 * Every kind's resource by its public path (the batch endpoint delivers to any of them): the
 * listed kinds, and those made with the app's dependencies (the test's answers, an
 * erasure request).
 */
export function leadResources(others: readonly AnyLeadResource[]): ReadonlyMap<string, AnyLeadResource> {
  const all: AnyLeadResource[] = [...Object.values(LISTED_LEADS), ...others];
  return new Map(all.map((r) => [r.path, r]));
}

/** The spec's body around a list's items (§7). */
function envelope(kind: ListEnvelope, items: unknown[]): unknown {
  switch (kind) {
    case 'array':
      return items;
    case 'data':
      return { success: true, data: items };
    case 'users':
      return { users: items };
    case 'contacts':
      return { contacts: items };
  }
}

/**
 * A page of a list as the console and the spec's client read it, as `member` may see it:
 * each lead with its owner, next step and wait, its person, whether another person shares
 * its email or phone (a likely duplicate, to merge) and, on a page, its tags.
 */
export async function listPage(deps: Deps, definition: ListedLead, query: LeadListQuery, member: Member) {
  const [{ rows, total }, names] = await Promise.all([queryLeads(deps.db, definition, query, visibleTo(member)), teamNames(deps.db)]);
  const now = nowOf(deps);
  const list = LEAD_KINDS[definition.kind].list.slug;
  const refs = rows.map((r) => ({ list, id: r.id }));
  // A page (the console's); a whole list (the spec's own client asks for one) goes without.
  const paged = query.limit !== undefined;
  const persons = paged ? await personOfLeads(deps.db, refs) : new Map<string, string>();
  const [duplicates, tags] = paged
    ? await Promise.all([
        likelyDuplicates(deps.db, list, rows, persons),
        tagsOfLeads(
          deps.db,
          list,
          rows.map((r) => r.id),
        ),
      ])
    : [new Set<string>(), new Map<string, string[]>()];
  const items = rows.map((row) => ({
    ...definition.listItem(row),
    ...deskFields(row, names, deps.config, now),
    personId: persons.get(`${list}:${row.id}`) ?? null,
    likelyDuplicate: duplicates.has(`${list}:${row.id}`),
    ...(paged ? { tags: tags.get(row.id) ?? [] } : {}),
  }));
  return { items: await withExtras(deps.db, definition, items), total };
}

export function leads(deps: Deps, ingest: Ingest, others: readonly AnyLeadResource[]): Hono {
  const app = new Hono();
  for (const resource of leadResources(others).values()) app.post(resource.path, leadRoute(ingest, resource));
  for (const definition of ALL_LISTED) {
    const list = LEAD_KINDS[definition.kind].list;
    app.get(list.path, guard(deps, 'leads.read'), async (c) => {
      const { items, total } = await listPage(deps, definition, parseLeadListQuery(c, list), c.get('adminSession').admin);
      setTotal(c, total);
      return c.json(envelope(list.envelope, items) as object);
    });
  }
  return app;
}
