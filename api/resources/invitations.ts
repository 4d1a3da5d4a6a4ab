// GET /api/admin/invitations/{token} (the link is the proof) → { email, role }: whom a usable
// invitation is for, shown before they choose a password; 404 for one unknown, used or expired.
// POST /api/admin/invitations/accept { token, password } (no token needed: the link is the
// proof) → 200 { message }: the invited member's password is set and the link is spent;
// 400 for a link that is unknown, used or older than 48 hours.
import { Hono } from 'hono';
import { BODY_MAX_BYTES } from '../../contract/api.ts';
import { acceptInvitationSchema, TEAM_MESSAGES } from '../../contract/team.ts';
import { nowOf, type Deps } from '../deps.ts';
import { acceptInvitation, invitationFor } from '../desk/team.ts';
import { HttpError, readJsonBody } from '../http/http.ts';
import { hashLinkToken } from '../auth/link-tokens.ts';
import { takeSignInAllowance, takeStaffAllowance } from '../limits/rate-limit.ts';
import { clientAddress } from '../http/client-address.ts';
import { validate } from '../http/validate.ts';

export function invitations(deps: Deps): Hono {
  return new Hono()
    .get('/:token', async (c) => {
      const found = await invitationFor(deps.db, c.req.param('token'), nowOf(deps));
      if (!found) throw new HttpError(404, TEAM_MESSAGES.invitationInvalid);
      return c.json(found);
    })
    .post('/accept', async (c) => {
      const input = validate(acceptInvitationSchema, await readJsonBody(c, BODY_MAX_BYTES));
      if (!input.ok) throw input.error;
      // An invitation link stands for one account: its allowance is the link's, beside the address's sign-in one.
      await takeSignInAllowance(deps.signInRateLimiter, clientAddress(c, deps.config.trustProxy));
      await takeStaffAllowance(deps.staffRateLimiter, { account: `invitation:${hashLinkToken(input.value.token)}` });
      if (!(await acceptInvitation(deps.db, input.value.token, input.value.password, nowOf(deps)))) {
        throw new HttpError(400, TEAM_MESSAGES.invitationInvalid);
      }
      return c.json({ message: TEAM_MESSAGES.invitationAccepted });
    });
}
