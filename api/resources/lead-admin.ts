// One lead, for the team, mounted at /api/admin/leads (a lead the member may not see is 404):
//   GET   /{list}/{id}              { list, data, history, timeline, source, consent, score, tags }:
//                                   the list item with its status, owner and next step, its
//                                   timeline, its score and its tags
//   PATCH /{list}/{id}              { status?, note?, assignee?, nextAction?, tag?, untag? } → the same
//   POST  /{list}/{id}/activities   { type, outcome?, note?, nextAction? } → 201 { activity, ...the same }
//   PATCH /{list}/{id}/activities/{activityId}  { outcome, note?, nextAction? } → the attempt's outcome, once
//   DELETE /{list}/{id}             204: the lead erased with its notes and history (admins; audited)
//   POST  /{list}/erase             { ids } → { erased: [ids] } (admins)
// Several leads' status, owner, next step or tag change through POST /{list}/bulk (resources/bulk.ts).
import { Hono } from 'hono';
import { bulkEraseSchema } from '../../contract/bulk.ts';
import { CONSOLE_MESSAGES } from '../../contract/console.ts';
import { leadUpdateSchema, type LeadDetail } from '../../contract/lead-detail.ts';
import { activityOutcomeSchema, activitySchema } from '../../contract/activities.ts';
import { BODY_MAX_BYTES } from '../../contract/api.ts';
import type { ListSlug } from '../../contract/lead-kinds.ts';
import { nowOf, type Deps } from '../deps.ts';
import { guard, visibleTo } from '../desk/access.ts';
import { deskFields, teamNames } from '../desk/lead-fields.ts';
import { completeActivity, logActivity, updateLead } from '../desk/lead-work.ts';
import { leadOf, type ListedLead } from '../leads/definitions.ts';
import { eraseLeads } from '../leads/erasure.ts';
import { adminLabel, findLead, historyOf } from '../leads/history.ts';
import { withExtras } from '../leads/extras.ts';
import { submissionsOf } from '../leads/person.ts';
import { timelineOf } from '../leads/timeline.ts';
import { tagsOf } from '../leads/tags.ts';
import { leadScore } from '../score/compute.ts';
import type { Member } from '../auth/auth.ts';
import { HttpError, readJsonBody } from '../http/http.ts';
import { validate } from '../http/validate.ts';

const eraserOf = (admin: Member) => ({ id: admin.id, label: adminLabel(admin) });
const notFound = () => new HttpError(404, CONSOLE_MESSAGES.leadNotFound);

export async function leadDetail(deps: Deps, lead: ListedLead, list: ListSlug, id: string, member: Member): Promise<LeadDetail> {
  const row = await findLead(deps.db, lead, id, visibleTo(member));
  if (!row) throw notFound();
  const item = lead.listItem(row);
  const [data] = await withExtras(deps.db, lead, [item]);
  const [history, names, submissions, score, tags] = await Promise.all([
    historyOf(deps.db, list, row.id),
    teamNames(deps.db),
    submissionsOf(deps.db, { email: row.email, phone: /^\d{10}$/.test(row.phone) ? row.phone : undefined }, member),
    leadScore(deps.db, list, row.id, nowOf(deps)),
    tagsOf(deps.db, list, row.id),
  ]);
  return {
    list,
    data: { ...data!, ...deskFields(row, names, deps.config, nowOf(deps)) },
    history,
    timeline: timelineOf(list, row.id, history, submissions),
    source: row.source,
    consent: row.consent,
    score: score ?? { score: row.score, reasons: [] },
    tags,
  };
}

export function leadAdmin(deps: Deps) {
  const work = () => ({ db: deps.db, config: deps.config, now: nowOf(deps) });
  return (
    new Hono()
      .get('/:list/:id', guard(deps, 'leads.read'), async (c) => {
        const { lead, list } = leadOf(c.req.param('list'));
        return c.json(await leadDetail(deps, lead, list, c.req.param('id'), c.get('adminSession').admin));
      })
      .patch('/:list/:id', guard(deps, 'leads.work'), async (c) => {
        const { lead, list } = leadOf(c.req.param('list'));
        const input = validate(leadUpdateSchema, await readJsonBody(c, BODY_MAX_BYTES));
        if (!input.ok) throw input.error;
        const id = c.req.param('id');
        const member = c.get('adminSession').admin;
        if (!(await updateLead(lead, list, id, input.value, member, work()))) throw notFound();
        return c.json(await leadDetail(deps, lead, list, id, member));
      })
      .post('/:list/:id/activities', guard(deps, 'leads.work'), async (c) => {
        const { lead, list } = leadOf(c.req.param('list'));
        const input = validate(activitySchema, await readJsonBody(c, BODY_MAX_BYTES));
        if (!input.ok) throw input.error;
        const id = c.req.param('id');
        const member = c.get('adminSession').admin;
        const activityId = await logActivity(lead, list, id, input.value, member, work());
        if (activityId === undefined) throw notFound();
        const detail = await leadDetail(deps, lead, list, id, member);
        return c.json({ activity: detail.history.find((h) => h._id === activityId), ...detail }, 201);
      })
      .patch('/:list/:id/activities/:activityId', guard(deps, 'leads.work'), async (c) => {
        const { lead, list } = leadOf(c.req.param('list'));
        const input = validate(activityOutcomeSchema, await readJsonBody(c, BODY_MAX_BYTES));
        if (!input.ok) throw input.error;
        const id = c.req.param('id');
        const activityId = c.req.param('activityId');
        const member = c.get('adminSession').admin;
        const done = await completeActivity(
          lead,
          list,
          id,
          activityId,
          input.value as Parameters<typeof completeActivity>[4],
          member,
          work(),
        );
        if (!done) throw notFound();
        const detail = await leadDetail(deps, lead, list, id, member);
        return c.json({ activity: detail.history.find((h) => h._id === activityId), ...detail });
      })
      // Erasure (contract/erasure.ts): the lead, its notes and history; an audit row remains.
      .delete('/:list/:id', guard(deps, 'leads.erase'), async (c) => {
        const { lead } = leadOf(c.req.param('list'));
        const erased = await eraseLeads(deps.db, lead, [c.req.param('id')], eraserOf(c.get('adminSession').admin));
        if (erased.length === 0) throw notFound();
        return c.body(null, 204);
      })
      .post('/:list/erase', guard(deps, 'leads.erase'), async (c) => {
        const { lead } = leadOf(c.req.param('list'));
        const input = validate(bulkEraseSchema, await readJsonBody(c, BODY_MAX_BYTES));
        if (!input.ok) throw input.error;
        return c.json({ erased: await eraseLeads(deps.db, lead, input.value.ids, eraserOf(c.get('adminSession').admin)) });
      })
  );
}
