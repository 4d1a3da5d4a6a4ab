// GET /api/admin/relay (admins and trainers): whether this instance is a classroom relay
// and, on one, what waits to be forwarded upstream and how the forwarding goes.
import { Hono } from 'hono';
import type { RelayStatus } from '../../contract/relay.ts';
import type { Deps } from '../deps.ts';
import { guard } from '../desk/access.ts';

export function relay(deps: Deps): Hono {
  return new Hono().get('/', guard(deps, 'relay.read'), async (c) => {
    const status: RelayStatus = deps.forwarder ? await deps.forwarder.status() : { relay: false };
    return c.json(status);
  });
}
