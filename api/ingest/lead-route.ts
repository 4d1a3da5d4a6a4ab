// The handler every public lead POST shares: read the JSON body, take the optional
// Idempotency-Key, ingest, answer.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { BODY_MAX_BYTES, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, REPLAYED_HEADER } from '../../contract/api.ts';
import { API_MESSAGES } from '../../contract/messages.ts';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../http/errors.ts';
import { HttpError, readJsonBody } from '../http/http.ts';
import type { Answer, Ingest, LeadResource } from './ingest.ts';

export function idempotencyKeyOf(c: Context): string | null {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined || key === '') return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new HttpError(400, API_MESSAGES.badIdempotencyKey);
  return key;
}

export function sendAnswer(c: Context, answer: Answer): Response {
  if (answer.replayed) c.header(REPLAYED_HEADER, 'true');
  if (answer.status === 409) c.header('Retry-After', '1');
  if (answer.status === 503) c.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  return c.json(answer.body as object, answer.status as ContentfulStatusCode);
}

export function leadRoute(ingest: Ingest, resource: LeadResource) {
  return async (c: Context): Promise<Response> => {
    const key = idempotencyKeyOf(c);
    const body = await readJsonBody(c, BODY_MAX_BYTES);
    const [answer] = await ingest(resource, [{ key, body }]);
    return sendAnswer(c, answer!);
  };
}
