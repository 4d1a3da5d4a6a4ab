// While the database is known down, a submission is answered 503 before any of its work.
// The outage gate (db/outage.ts) already refuses its connection at once, but only after the
// request was read, parsed, validated, fingerprinted and queued for its insert: in an outage
// every phone's outbox retries, and that work, done for nothing, was what slowed the 503s
// to seconds on a busy machine. POSTs only: they are what the outboxes send again and again;
// a read still meets the gate on its first query, as fast as it would here.
import type { MiddlewareHandler } from 'hono';
import { unavailableResponse } from '../http/errors.ts';

export function shedWhileDatabaseDown(knownDown: (() => boolean) | undefined): MiddlewareHandler {
  return async (c, next) => {
    // The gate turns this off when its next check is due, so one request goes through to try.
    if (knownDown && c.req.method === 'POST' && knownDown()) return unavailableResponse(c);
    await next();
  };
}
