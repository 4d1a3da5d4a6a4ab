// GET /api/admin/people?email=&phone= (members who read leads): one person's submissions
// across the lists, matched on the email or the 10-digit phone, and their taken tests
// (under test-form, kind 'test'), newest first — what the member may see of them
// (leads/person.ts).
import { Hono } from 'hono';
import { CONSOLE_MESSAGES, type PeopleResponse } from '../../contract/console.ts';
import { normalizePhone } from '../../contract/leads.ts';
import type { Deps } from '../deps.ts';
import { guard } from '../desk/access.ts';
import { submissionsOf } from '../leads/person.ts';
import { HttpError } from '../lib/http.ts';

export function people(deps: Deps): Hono {
  return new Hono().get('/', guard(deps, 'leads.read'), async (c) => {
    const email = c.req.query('email')?.trim().toLowerCase() || undefined;
    const rawPhone = c.req.query('phone')?.trim() || undefined;
    const phone = rawPhone === undefined ? undefined : String(normalizePhone(rawPhone));
    if (
      (email === undefined && phone === undefined) ||
      (phone !== undefined && !/^\d{10}$/.test(phone)) ||
      (email !== undefined && email.length > 254)
    ) {
      throw new HttpError(400, CONSOLE_MESSAGES.peopleQuery);
    }
    const body: PeopleResponse = { data: await submissionsOf(deps.db, { email, phone }, c.get('adminSession').admin) };
    return c.json(body);
  });
}
