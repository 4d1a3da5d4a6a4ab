// Upstream: a request carrying `Authorization: Relay <key>` is a relay delivering what its
// phones submitted. It may POST submissions (the lead forms and the batch endpoint) and
// nothing else, with a key that works; it is then counted for the rate limit as its own
// client (`relay:<key id>`), not as the address it comes from.
import type { MiddlewareHandler } from 'hono';
import { SYNC_PATH } from '../../contract/api.ts';
import { LEAD_KIND_NAMES, LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { RELAY_MESSAGES } from '../../contract/relay.ts';
import { nowOf, type Deps } from '../deps.ts';
import { HttpError } from '../lib/http.ts';
import { RATE_CLIENT_VARIABLE } from '../lib/rate-limit.ts';
import { RELAY_AUTH_SCHEME, verifyRelayKey } from './keys.ts';

const DELIVERY_PATHS: ReadonlySet<string> = new Set([SYNC_PATH, ...LEAD_KIND_NAMES.map((k) => LEAD_PATHS[k])]);

export function relayDeliveries(deps: Pick<Deps, 'db' | 'clock'>): MiddlewareHandler {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const [scheme, key] = header.trim().split(/\s+/, 2);
    if (scheme !== RELAY_AUTH_SCHEME) return next();
    if (c.req.method !== 'POST' || !DELIVERY_PATHS.has(c.req.path)) throw new HttpError(401, RELAY_MESSAGES.onlyDeliveries);
    const id = await verifyRelayKey(deps.db, key ?? '', nowOf(deps));
    if (!id) throw new HttpError(401, RELAY_MESSAGES.keyRefused);
    c.set(RATE_CLIENT_VARIABLE as never, `relay:${id}` as never);
    return next();
  };
}
