// POST /api/v1/erasure-requests/confirm { token }: a visitor confirms the link we emailed
// them, and everything held for their email is erased (leads/erasure.ts) → 200
// { message, erased: { [list]: n } }; a used, expired or unknown link → 400. (The request
// itself, POST /api/v1/erasure-requests, is a queued submission like a lead: resources/leads.ts.)
import { Hono } from 'hono';
import { object, string } from 'yup';
import { BODY_MAX_BYTES, LINK_TOKEN_PATTERN } from '../../contract/api.ts';
import { ERASURE_MESSAGES } from '../../contract/erasure.ts';
import { nowOf, type Deps } from '../deps.ts';
import { eraseByToken } from '../leads/erasure.ts';
import { HttpError, readJsonBody } from '../http/http.ts';
import { validate } from '../http/validate.ts';

const confirmSchema = object({ token: string().required(ERASURE_MESSAGES.linkInvalid).max(64) });

export function erasure(deps: Deps): Hono {
  return new Hono().post('/confirm', async (c) => {
    const input = validate(confirmSchema, await readJsonBody(c, BODY_MAX_BYTES));
    if (!input.ok) throw input.error;
    const { token } = input.value;
    const result = LINK_TOKEN_PATTERN.test(token) ? await eraseByToken(deps.db, token, nowOf(deps)) : undefined;
    if (!result) throw new HttpError(400, ERASURE_MESSAGES.linkInvalid);
    return c.json(result);
  });
}
