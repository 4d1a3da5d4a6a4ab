// One lead, for admins, mounted at /api/admin/leads:
//   GET   /{list}/{id}      { list, data, history }: the list item with its status, and its history
//   PATCH /{list}/{id}      { status?, note? } → the same; a note is appended with the admin and
//                           the time, a status change is recorded from → to; 404 unknown id
//   POST  /{list}/status    { ids, status } → { updated: [ids] }: several leads at once
//   DELETE /{list}/{id}     204: the lead erased with its notes and history (audited); 404 unknown
//   POST  /{list}/erase     { ids } → { erased: [ids] }: several at once; unknown ids skipped
import { Hono } from 'hono';
import { bulkEraseSchema, bulkStatusSchema, CONSOLE_MESSAGES, leadUpdateSchema, type LeadDetail } from '../../contract/console.ts';
import { BODY_MAX_BYTES } from '../../contract/api.ts';
import type { ListSlug } from '../../contract/lead-kinds.ts';
import type { Deps } from '../deps.ts';
import { leadOf, type ListedLead } from '../leads/definitions.ts';
import { eraseLeads } from '../leads/erasure.ts';
import { adminLabel, findLead, historyOf, setStatuses, updateLead } from '../leads/history.ts';
import { withLatestTests } from '../leads/latest-tests.ts';
import { requireAdmin, type AdminRow } from '../lib/auth.ts';
import { HttpError, readJsonBody } from '../lib/http.ts';
import { validate } from '../lib/validate.ts';

const eraserOf = (admin: AdminRow) => ({ id: admin.id, label: adminLabel(admin) });

async function detail(deps: Pick<Deps, 'db'>, lead: ListedLead, list: ListSlug, id: string): Promise<LeadDetail> {
  const row = await findLead(deps.db, lead, id);
  if (!row) throw new HttpError(404, CONSOLE_MESSAGES.leadNotFound);
  const item = lead.listItem(row);
  const [data] = lead.kind === 'personalitySignup' ? await withLatestTests(deps.db, [item]) : [item];
  return { list, data: data!, history: await historyOf(deps.db, list, row.id), source: row.source, consent: row.consent };
}

export function leadAdmin(deps: Deps) {
  return (
    new Hono()
      .use('*', requireAdmin(deps))
      .get('/:list/:id', async (c) => {
        const { lead, list } = leadOf(c.req.param('list'));
        return c.json(await detail(deps, lead, list, c.req.param('id')));
      })
      .patch('/:list/:id', async (c) => {
        const { lead, list } = leadOf(c.req.param('list'));
        const input = validate(leadUpdateSchema, await readJsonBody(c, BODY_MAX_BYTES));
        if (!input.ok) throw input.error;
        const id = c.req.param('id');
        const found = await updateLead(deps.db, lead, list, id, input.value, c.get('adminSession').admin);
        if (!found) throw new HttpError(404, CONSOLE_MESSAGES.leadNotFound);
        return c.json(await detail(deps, lead, list, id));
      })
      // Erasure (contract/erasure.ts): the lead, its notes and history; an audit row remains.
      .delete('/:list/:id', async (c) => {
        const { lead } = leadOf(c.req.param('list'));
        const erased = await eraseLeads(deps.db, lead, [c.req.param('id')], eraserOf(c.get('adminSession').admin));
        if (erased.length === 0) throw new HttpError(404, CONSOLE_MESSAGES.leadNotFound);
        return c.body(null, 204);
      })
      .post('/:list/erase', async (c) => {
        const { lead } = leadOf(c.req.param('list'));
        const input = validate(bulkEraseSchema, await readJsonBody(c, BODY_MAX_BYTES));
        if (!input.ok) throw input.error;
        return c.json({ erased: await eraseLeads(deps.db, lead, input.value.ids, eraserOf(c.get('adminSession').admin)) });
      })
      .post('/:list/status', async (c) => {
        const { lead, list } = leadOf(c.req.param('list'));
        const input = validate(bulkStatusSchema, await readJsonBody(c, BODY_MAX_BYTES));
        if (!input.ok) throw input.error;
        const updated = await setStatuses(deps.db, lead, list, input.value.ids, input.value.status, c.get('adminSession').admin);
        return c.json({ updated });
      })
  );
}
