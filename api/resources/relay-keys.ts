// /api/admin/relay-keys (upstream, admins): the keys trainers' relays deliver with.
// GET lists them (never the key), POST { name } makes one and shows it once, DELETE /{id}
// revokes one: the relay holding it is refused from its next delivery.
import { Hono } from 'hono';
import { RELAY_MESSAGES, relayKeySchema, type RelayKeyCreated, type RelayKeyView } from '../../contract/relay.ts';
import { nowOf, type Deps } from '../deps.ts';
import { guard } from '../desk/access.ts';
import { HttpError, readJsonBody } from '../lib/http.ts';
import { validate } from '../lib/validate.ts';
import { createRelayKey, listRelayKeys, revokeRelayKey } from '../relay/keys.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function relayKeys(deps: Deps): Hono {
  return new Hono()
    .get('/', guard(deps, 'relay.manage'), async (c) => c.json((await listRelayKeys(deps.db)) satisfies RelayKeyView[]))
    .post('/', guard(deps, 'relay.manage'), async (c) => {
      const result = validate(relayKeySchema, await readJsonBody(c, 4 * 1024));
      if (!result.ok) throw result.error;
      const created = await createRelayKey(deps.db, result.value.name, c.get('adminSession').admin.id);
      c.header('Cache-Control', 'no-store');
      return c.json(created satisfies RelayKeyCreated, 201);
    })
    .delete('/:id', guard(deps, 'relay.manage'), async (c) => {
      const id = c.req.param('id');
      if (!UUID.test(id) || !(await revokeRelayKey(deps.db, id, nowOf(deps)))) throw new HttpError(404, RELAY_MESSAGES.keyNotFound);
      return c.body(null, 204);
    });
}
