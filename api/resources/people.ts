// People, mounted at /api/admin/people (members who read leads; what they may see of them):
//   GET  ?email=&phone=        { data: [...] }: one person's submissions across the lists, matched
//                              on the email or the 10-digit phone, and their taken tests, newest first
//   GET  ?page=&limit=&q=      { data: [{ id, name, email, phone, leads, lists, lastAt, status, assignee }], hasMore }:
//                              everyone, newest first, or those with a lead matching q
//   GET  /{id}                 one person in full: every lead, one timeline, likely duplicates, merges
//   POST /merge                { into: { list, _id }, from: [{ list, _id }] } → { person, merges }
//   POST /merge/{id}/undo      → { person }
import { Hono } from 'hono';
import { PEOPLE_MESSAGES, type PeopleResponse, mergeSchema, MERGE_MESSAGES, type PeopleListResponse } from '../../contract/people.ts';
import { BODY_MAX_BYTES } from '../../contract/api.ts';
import { normalizePhone } from '../../contract/phone.ts';
import { isStorableText, TEXT_MESSAGES } from '../../contract/text-rules.ts';
import { nowOf, type Deps } from '../deps.ts';
import { guard } from '../desk/access.ts';
import { isLeadId } from '../leads/history.ts';
import { submissionsOf } from '../leads/person.ts';
import { mergePeople, undoMerge } from '../people/merge.ts';
import { peoplePage, personDetail } from '../people/people.ts';
import { HttpError, readJsonBody } from '../http/http.ts';
import { validate } from '../http/validate.ts';

const PEOPLE_PAGE_MAX = 100;

export function people(deps: Deps): Hono {
  return new Hono()
    .get('/', guard(deps, 'leads.read'), async (c) => {
      const email = c.req.query('email')?.trim().toLowerCase() || undefined;
      const rawPhone = c.req.query('phone')?.trim() || undefined;
      const member = c.get('adminSession').admin;
      const lookup = c.req.query('email') !== undefined || c.req.query('phone') !== undefined;
      if (!lookup) {
        const page = Number(c.req.query('page') ?? '1');
        const limit = Number(c.req.query('limit') ?? '50');
        const q = c.req.query('q')?.trim() || undefined;
        if (!Number.isInteger(page) || page < 1 || page > 10_000) throw new HttpError(400, 'page must be a whole number from 1');
        if (!Number.isInteger(limit) || limit < 1 || limit > PEOPLE_PAGE_MAX)
          throw new HttpError(400, `limit must be from 1 to ${PEOPLE_PAGE_MAX}`);
        if (q !== undefined && (q.length > 100 || !isStorableText(q))) throw new HttpError(400, TEXT_MESSAGES.notAllowedCharacters('q'));
        const body: PeopleListResponse = await peoplePage(deps.db, member, { page, limit, q });
        return c.json(body);
      }
      const phone = rawPhone === undefined ? undefined : String(normalizePhone(rawPhone));
      if (
        (email === undefined && phone === undefined) ||
        (phone !== undefined && !/^\d{10}$/.test(phone)) ||
        (email !== undefined && email.length > 254)
      ) {
        throw new HttpError(400, PEOPLE_MESSAGES.peopleQuery);
      }
      const body: PeopleResponse = { data: await submissionsOf(deps.db, { email, phone }, member) };
      return c.json(body);
    })
    .get('/:id', guard(deps, 'leads.read'), async (c) => {
      const id = c.req.param('id');
      const detail = isLeadId(id) ? await personDetail(deps.db, deps.config, id, c.get('adminSession').admin, nowOf(deps)) : undefined;
      if (!detail) throw new HttpError(404, MERGE_MESSAGES.personNotFound);
      return c.json(detail);
    })
    .post('/merge', guard(deps, 'people.merge'), async (c) => {
      const input = validate(mergeSchema, await readJsonBody(c, BODY_MAX_BYTES));
      if (!input.ok) throw input.error;
      return c.json(await mergePeople(deps.db, input.value, c.get('adminSession').admin));
    })
    .post('/merge/:id/undo', guard(deps, 'people.merge'), async (c) =>
      c.json(await undoMerge(deps.db, c.req.param('id'), c.get('adminSession').admin)),
    );
}
