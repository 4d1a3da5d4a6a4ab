// Relay keys, mounted at /api/admin/relay-keys (admins):
//   POST           { name } → 201 { key, relayKey }: the key is shown this once (only its hash is kept)
//   GET            → { data: [{ id, name, createdAt, revokedAt, lastUsedAt }] }
//   DELETE /{id}   → 204: revoked at once; the relay's next delivery is 401
import { Hono } from 'hono';
import { BODY_MAX_BYTES } from '../../contract/api.ts';
import { RELAY_MESSAGES, relayKeyCreateSchema, type RelayKeyCreated } from '../../contract/relay.ts';
import { nowOf, type Deps } from '../deps.ts';
import { guard } from '../desk/access.ts';
import { isLeadId } from '../leads/history.ts';
import { HttpError, readJsonBody } from '../http/http.ts';
import { validate } from '../http/validate.ts';
import { createRelayKey, listRelayKeys, revokeRelayKey } from '../relay/keys.ts';

export function relayKeys(deps: Deps): Hono {
  return new Hono()
    .post('/', guard(deps, 'relays.manage'), async (c) => {
      const input = validate(relayKeyCreateSchema, await readJsonBody(c, BODY_MAX_BYTES));
      if (!input.ok) throw input.error;
      const body: RelayKeyCreated = await createRelayKey(deps.db, input.value.name, c.get('adminSession').admin.id);
      c.header('Cache-Control', 'no-store');
      return c.json(body, 201);
    })
    .get('/', guard(deps, 'relays.manage'), async (c) => c.json({ data: await listRelayKeys(deps.db) }))
    .delete('/:id', guard(deps, 'relays.manage'), async (c) => {
      const id = c.req.param('id');
      if (!isLeadId(id) || !(await revokeRelayKey(deps.db, id, nowOf(deps)))) throw new HttpError(404, RELAY_MESSAGES.notFound);
      return c.body(null, 204);
    });
}
