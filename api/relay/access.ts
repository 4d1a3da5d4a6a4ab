// A relay's deliveries upstream: a request with a relay key (X-Relay-Key) may only deliver
// submissions (POST /api/v1/sync or a lead kind's public POST); anywhere else it is 403, and
// an unknown or revoked key is 401 wherever it is sent. A live key is its own client for the
// rate limit (`relay:{id}`), so a class behind one laptop is not throttled as one address.
import type { MiddlewareHandler } from 'hono';
import { SYNC_PATH } from '../../contract/api.ts';
import { RELAY_KEY_HEADER, RELAY_MESSAGES } from '../../contract/relay.ts';
import { nowOf, type Deps } from '../deps.ts';
import { HttpError } from '../http/http.ts';
import { liveRelayKey } from './keys.ts';

export type RelayVariables = { Variables: { rateLimitClient?: string } };

export function relayDeliveries(deps: Deps, deliveryPaths: ReadonlySet<string>): MiddlewareHandler<RelayVariables> {
  return async (c, next) => {
    const key = c.req.header(RELAY_KEY_HEADER);
    if (key === undefined) return next();
    const delivery = c.req.method === 'POST' && (c.req.path === SYNC_PATH || deliveryPaths.has(c.req.path));
    if (!delivery) throw new HttpError(403, RELAY_MESSAGES.deliveriesOnly);
    const id = await liveRelayKey(deps.db, key, nowOf(deps));
    if (!id) throw new HttpError(401, RELAY_MESSAGES.keyInvalid);
    c.set('rateLimitClient', `relay:${id}`);
    return next();
  };
}
