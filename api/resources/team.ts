// The team, mounted at /api/admin/team:
//   GET   /        (admins, viewers) → { data: [{ id, email, name, role, active, joined }] }
//   POST  /        (admins) { email, name, role } → 201 { message, member, link }: an invitation
//                  email with a single-use link to /admin-invite, 48 hours (the link too, for the
//                  admin to copy). Again for someone who has not joined: a new link, the old spent
//                  (the Team page's Resend and Copy link)
//   PATCH /{id}    (admins) { role?, active? } → { member }: ends that member's sessions at once
import { Hono } from 'hono';
import { BODY_MAX_BYTES } from '../../contract/api.ts';
import { TEAM_MESSAGES, inviteSchema, memberUpdateSchema, type TeamResponse } from '../../contract/team.ts';
import { nowOf, type Deps } from '../deps.ts';
import { guard } from '../desk/access.ts';
import { invite, listTeam, updateMember } from '../desk/team.ts';
import { readJsonBody } from '../http/http.ts';
import { validate } from '../http/validate.ts';

export function team(deps: Deps): Hono {
  return new Hono()
    .get('/', guard(deps, 'team.read'), async (c) => {
      const body: TeamResponse = { data: await listTeam(deps.db) };
      return c.json(body);
    })
    .post('/', guard(deps, 'team.manage'), async (c) => {
      const input = validate(inviteSchema, await readJsonBody(c, BODY_MAX_BYTES));
      if (!input.ok) throw input.error;
      const { member, link } = await invite(deps.db, deps.config.publicUrl, input.value, c.get('adminSession').admin, nowOf(deps));
      deps.wakeMail?.();
      return c.json({ message: TEAM_MESSAGES.invited, member, link }, 201);
    })
    .patch('/:id', guard(deps, 'team.manage'), async (c) => {
      const input = validate(memberUpdateSchema, await readJsonBody(c, BODY_MAX_BYTES));
      if (!input.ok) throw input.error;
      const member = await updateMember(deps.db, c.req.param('id'), input.value, c.get('adminSession').admin, nowOf(deps));
      return c.json({ member });
    });
}
