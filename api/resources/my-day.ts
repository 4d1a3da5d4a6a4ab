// GET /api/admin/my-day (members who read leads) → { uncontacted, overdue, dueToday,
// unassigned }, each item { list, _id, name, phone, dueAt, type, status } (uncontacted ones
// with waitedMinutes and slaDueAt): the member's day (desk/my-day.ts).
// ?assignee= shows another member's day to admins and viewers; a counsellor sees only their own.
import { Hono } from 'hono';
import { nowOf, type Deps } from '../deps.ts';
import { forbidden, guard, seesAllLeads } from '../desk/access.ts';
import { myDay, uncontactedOf } from '../desk/my-day.ts';
import { isLeadId } from '../leads/history.ts';
import { HttpError } from '../http/http.ts';

export function myDayResource(deps: Deps): Hono {
  return new Hono().get('/', guard(deps, 'leads.read'), async (c) => {
    const member = c.get('adminSession').admin;
    const asked = c.req.query('assignee')?.trim() || member.id;
    if (!isLeadId(asked)) throw new HttpError(400, "assignee must be a team member's id");
    if (asked !== member.id && !seesAllLeads(member)) throw forbidden();
    const now = nowOf(deps);
    const [uncontacted, day] = await Promise.all([uncontactedOf(deps.db, asked, now, deps.config), myDay(deps.db, asked, now)]);
    return c.json({ uncontacted, ...day });
  });
}
