// Web Push for team members, mounted at /api/admin/push (any member, about their own browsers):
//   GET    /key            → { publicKey }: the VAPID key a browser subscribes with.
//   POST   /subscriptions  { endpoint, keys: { p256dh, auth } } → 201 { endpoint }: this browser
//          is pushed the member's notifications from now on. The endpoint must be https on a
//          push service's host (api/notify/endpoints.ts), else 400.
//   DELETE /subscriptions  { endpoint } → 204: it is not pushed any more.
// A browser is one member's at a time: subscribing it again as another member (a shared
// desk computer) moves it, and the pushes still queued for the previous member are dropped
// with it, so nobody is shown another member's leads.
import { Hono } from 'hono';
import { NOTIFY_MESSAGES, type PushSubscriptionBody } from '../../contract/notifications.ts';
import type { Deps } from '../deps.ts';
import { guard } from '../desk/access.ts';
import { HttpError, isPlainObject, readJsonBody } from '../http/http.ts';
import { isAllowedEndpoint } from '../notify/endpoints.ts';
import { vapidKeys } from '../notify/vapid.ts';

const BODY_MAX = 8 * 1024;

function keyOf(value: unknown, bytes: number): string | undefined {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return undefined;
  const raw = Buffer.from(value, 'base64url');
  if (raw.length !== bytes) return undefined;
  return raw.toString('base64url');
}

function endpointOf(deps: Deps, body: unknown): string {
  const endpoint = isPlainObject(body) ? body.endpoint : undefined;
  if (typeof endpoint !== 'string' || !endpoint.startsWith('https://')) throw new HttpError(400, NOTIFY_MESSAGES.endpointInvalid);
  if (!isAllowedEndpoint(endpoint, deps.config.push)) throw new HttpError(400, NOTIFY_MESSAGES.endpointHost);
  return endpoint;
}

/** The browser's subscription, checked: an allowed endpoint, a P-256 point and a 16-byte secret. */
function subscriptionOf(deps: Deps, body: unknown): PushSubscriptionBody {
  const endpoint = endpointOf(deps, body);
  const keys = isPlainObject(body) && isPlainObject(body.keys) ? body.keys : {};
  const p256dh = keyOf(keys.p256dh, 65);
  const auth = keyOf(keys.auth, 16);
  if (!p256dh || !auth || Buffer.from(p256dh, 'base64url')[0] !== 0x04) throw new HttpError(400, NOTIFY_MESSAGES.keysInvalid);
  return { endpoint, keys: { p256dh, auth } };
}

export function push(deps: Deps): Hono {
  return new Hono()
    .get('/key', guard(deps, 'self'), async (c) => c.json({ publicKey: (await vapidKeys(deps.db, deps.config.push)).publicKey }))
    .post('/subscriptions', guard(deps, 'self'), async (c) => {
      const member = c.get('adminSession').admin.id;
      const { endpoint, keys } = subscriptionOf(deps, await readJsonBody(c, BODY_MAX));
      await deps.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('member_id', '<>', member).execute();
        await trx
          .insertInto('push_subscriptions')
          .values({ member_id: member, endpoint, p256dh: keys.p256dh, auth: keys.auth })
          .onConflict((oc) => oc.column('endpoint').doUpdateSet({ p256dh: keys.p256dh, auth: keys.auth }))
          .execute();
      });
      return c.json({ endpoint }, 201);
    })
    .delete('/subscriptions', guard(deps, 'self'), async (c) => {
      const member = c.get('adminSession').admin.id;
      const body = await readJsonBody(c, BODY_MAX);
      const endpoint = isPlainObject(body) && typeof body.endpoint === 'string' ? body.endpoint : undefined;
      if (!endpoint) throw new HttpError(400, NOTIFY_MESSAGES.endpointInvalid);
      await deps.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('member_id', '=', member).execute();
      return c.body(null, 204);
    });
}
