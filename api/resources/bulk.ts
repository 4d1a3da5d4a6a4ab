// Bulk work on a list, mounted at /api/admin/leads (contract/bulk.ts):
//   POST /{list}/bulk            { ids | filter, action } → { id, changed, unchanged, skipped }
//                                (an `export` action answers the CSV instead; admins)
//   POST /{list}/bulk/{id}/undo  → { restored, skipped }
// Those who work leads (admins and counsellors) may; a counsellor acts on their own leads and
// the pool's only: a lead of another counsellor's named by id is skipped and counted, never
// an error (nor a hint of whose it is), and a filter is resolved within their scope.
import { Hono } from 'hono';
import { bulkRequestSchema, type BulkRequest } from '../../contract/bulk.ts';
import { BODY_MAX_BYTES } from '../../contract/api.ts';
import { nowOf, type Deps } from '../deps.ts';
import { can, forbidden, guard } from '../desk/access.ts';
import { bulkChange, filterQuery, selectionOf } from '../desk/bulk.ts';
import { undoBulkChange } from '../desk/bulk-undo.ts';
import { leadOf } from '../leads/definitions.ts';
import { isLeadId } from '../leads/history.ts';
import { readJsonBody } from '../http/http.ts';
import { validate } from '../http/validate.ts';
import { csvAnswer } from './export.ts';

export function bulk(deps: Deps) {
  const work = () => ({ db: deps.db, config: deps.config, now: nowOf(deps) });
  return new Hono()
    .post('/:list/bulk', guard(deps, 'leads.work'), async (c) => {
      const { lead, list } = leadOf(c.req.param('list'));
      const input = validate(bulkRequestSchema, await readJsonBody(c, BODY_MAX_BYTES));
      if (!input.ok) throw input.error;
      const request = input.value as BulkRequest;
      const member = c.get('adminSession').admin;
      if (request.action.type === 'export') {
        if (!can(member, 'leads.export')) throw forbidden();
        const query = filterQuery(lead, request.filter ?? {});
        return csvAnswer(c, deps, lead, list, request.ids ? { ...query, ids: request.ids.filter(isLeadId) } : query);
      }
      const selection = selectionOf(lead, request, member);
      return c.json(await bulkChange(lead, list, selection, request.action, member, work()));
    })
    .post('/:list/bulk/:id/undo', guard(deps, 'leads.work'), async (c) => {
      const { lead, list } = leadOf(c.req.param('list'));
      return c.json(await undoBulkChange(lead, list, c.req.param('id'), c.get('adminSession').admin, work()));
    });
}
