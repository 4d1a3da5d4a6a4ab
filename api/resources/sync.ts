// POST /api/v1/sync: the outbox's batch delivery. Up to SYNC_BATCH_MAX queued
// submissions `[{ key, path, body }]` (or `{ items: [...] }`); each gets the status and
// body its own endpoint would have given (or 429, past the address's allowance). Items are grouped by path in order of first
// appearance (so a device's personality sign-up lands before its answers), and each
// group is ingested in one transaction.
import { Hono } from 'hono';
import { IDEMPOTENCY_KEY_PATTERN, SYNC_BATCH_MAX, SYNC_BODY_MAX_BYTES, type SyncResponse, type SyncResult } from '../../contract/api.ts';
import { API_MESSAGES } from '../../contract/messages.ts';
import type { Deps } from '../deps.ts';
import { HttpError, isPlainObject, readJsonBody } from '../http/http.ts';
import { failureAnswer } from '../http/errors.ts';
import type { Ingest, LeadResource } from '../ingest/ingest.ts';
import { chargeItems } from '../limits/rate-limit.ts';

export function sync(deps: Deps, ingest: Ingest, resources: ReadonlyMap<string, LeadResource>): Hono {
  return new Hono().post('/', async (c) => {
    const payload = await readJsonBody(c, SYNC_BODY_MAX_BYTES);
    const items = Array.isArray(payload) ? payload : isPlainObject(payload) ? payload.items : undefined;
    if (!Array.isArray(items)) throw new HttpError(400, 'Body must be an array of { key, path, body }');
    if (items.length > SYNC_BATCH_MAX) {
      throw new HttpError(413, `At most ${SYNC_BATCH_MAX} submissions per batch`);
    }

    const results: SyncResult[] = new Array(items.length);
    // Each item is a submission and costs one from the address's allowance (the request
    // itself paid for the first); past it, the rest wait for a later delivery.
    const { granted, retryAfterSeconds } = await chargeItems(c, items.length - 1);
    const admitted = 1 + granted;
    const groups = new Map<LeadResource, Array<{ index: number; key: string; body: unknown }>>();
    for (const [index, item] of items.entries()) {
      const key = isPlainObject(item) && typeof item.key === 'string' ? item.key : '';
      if (index >= admitted) {
        results[index] = { key, status: 429, body: { message: API_MESSAGES.tooManyRequests, retryAfterSeconds } };
        continue;
      }
      if (!isPlainObject(item) || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
        results[index] = { key, status: 400, body: { message: API_MESSAGES.badIdempotencyKey } };
        continue;
      }
      const resource = typeof item.path === 'string' ? resources.get(item.path) : undefined;
      if (!resource) {
        // Never String() a value of the client's: an object can make that throw.
        const shown = typeof item.path === 'string' ? item.path.slice(0, 100) : typeof item.path;
        results[index] = { key, status: 404, body: { message: `Unknown path ${shown}` } };
        continue;
      }
      const group = groups.get(resource) ?? [];
      group.push({ index, key, body: item.body });
      groups.set(resource, group);
    }

    for (const [resource, group] of groups) {
      // Each group answers for itself: a failure in one kind's insert never turns the whole
      // batch into a 500 that the device would retry, in order, forever.
      const answers = await ingest(resource, group).catch((err: unknown) => {
        const answer = failureAnswer(err, deps.log, `sync ${resource.path}`);
        return group.map(() => answer);
      });
      for (const [i, entry] of group.entries()) {
        const answer = answers[i]!;
        results[entry.index] = { key: entry.key, status: answer.status, body: answer.body };
      }
    }
    return c.json({ results } satisfies SyncResponse);
  });
}
