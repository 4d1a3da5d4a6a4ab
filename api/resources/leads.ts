// The public lead calls of spec §7, for every kind in the registry (contract/lead-kinds.ts):
//   POST {path}         a submission, exactly once per Idempotency-Key (ingest/ingest.ts)
//   GET  {list.path}    (admin) the kind's list in the spec's shape, each item with its
//                       status, with ?page=&limit=&q=&from=&to=&status= and X-Total-Count
import { Hono } from 'hono';
import { LEAD_KINDS, type ListEnvelope } from '../../contract/lead-kinds.ts';
import type { Deps } from '../deps.ts';
import { ALL_LISTED, LISTED_LEADS, type ListedLead } from '../leads/definitions.ts';
import { withLatestTests } from '../leads/latest-tests.ts';
import { parseLeadListQuery, queryLeads, setTotal, type LeadListQuery } from '../leads/list-query.ts';
import { requireAdmin } from '../lib/auth.ts';
import type { AnyLeadResource, Ingest } from '../ingest/ingest.ts';
import { leadRoute } from '../lib/lead-route.ts';

/**
 * Every kind's resource by its public path (the batch endpoint delivers to any of them): the
 * five listed kinds, and those made with the app's dependencies (the test's answers, an
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

/** A page of a list as the console and the spec's client read it. */
export async function listPage(deps: Pick<Deps, 'db'>, definition: ListedLead, query: LeadListQuery) {
  const { rows, total } = await queryLeads(deps.db, definition, query);
  const items = rows.map((row) => definition.listItem(row));
  return { items: definition.kind === 'personalitySignup' ? await withLatestTests(deps.db, items) : items, total };
}

export function leads(deps: Deps, ingest: Ingest, others: readonly AnyLeadResource[]): Hono {
  const app = new Hono();
  for (const resource of leadResources(others).values()) app.post(resource.path, leadRoute(ingest, resource));
  for (const definition of ALL_LISTED) {
    const list = LEAD_KINDS[definition.kind].list;
    app.get(list.path, requireAdmin(deps), async (c) => {
      const { items, total } = await listPage(deps, definition, parseLeadListQuery(c));
      setTotal(c, total);
      return c.json(envelope(list.envelope, items) as object);
    });
  }
  return app;
}
