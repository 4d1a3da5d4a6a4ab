// Subscribing a browser: only https endpoints on the push services' hosts (Google FCM,
// Mozilla, Apple, Microsoft) or those named in PUSH_ENDPOINT_HOSTS, with a browser's real key
// shapes; anything else is 400, so nobody can make the server call an address of their
// choosing. The VAPID key is the configured pair, or one made once per database however many
// instances start at once.
import webpush from 'web-push';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_MESSAGES } from '../../contract/notifications.ts';
import { memberToken } from '../testing/admin.ts';
import { testApp, useTestApp } from '../testing/app.ts';
import { testBackends } from '../testing/databases.ts';
import { browserKeys } from '../testing/push-standin.ts';
import { isAllowedEndpoint } from './endpoints.ts';
import { notifyMembers } from './notify.ts';
import { pushConfig } from '../config/push.ts';
import { vapidKeys } from './vapid.ts';

describe('push endpoints allowed', () => {
  const none = { extraHosts: [] };
  it.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
    'https://push.services.mozilla.com/wpush/v2/x',
    'https://web.push.apple.com/QGuQyavXutnMH6KNrHfAZhJ8',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
  ])('accepts %s', (endpoint) => expect(isAllowedEndpoint(endpoint, none)).toBe(true));
  it.each([
    'http://fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com:8443/fcm/send/x',
    'https://user:pw@fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com.attacker.example/x',
    'https://notify.windows.com/w/',
    'https://evilnotify.windows.com/w/',
    'https://169.254.169.254/latest/meta-data',
    'https://127.0.0.1/push',
    'https://localhost/push',
    'not a url',
    `https://fcm.googleapis.com/${'x'.repeat(3000)}`,
  ])('refuses %s', (endpoint) => expect(isAllowedEndpoint(endpoint, none)).toBe(false));
  it('accepts the hosts in PUSH_ENDPOINT_HOSTS, on any port, and their subdomains when starred', () => {
    const config = pushConfig({ PUSH_ENDPOINT_HOSTS: '127.0.0.1, *.Push.Example.net' }, 'http://localhost:3000');
    expect(config.extraHosts).toEqual(['127.0.0.1', '*.push.example.net']);
    expect(isAllowedEndpoint('https://127.0.0.1:8443/p', config)).toBe(true);
    expect(isAllowedEndpoint('https://eu.push.example.net/p', config)).toBe(true);
    expect(isAllowedEndpoint('https://push.example.net/p', config)).toBe(false);
    expect(isAllowedEndpoint('http://127.0.0.1:8443/p', config)).toBe(false);
    expect(() => pushConfig({ PUSH_ENDPOINT_HOSTS: 'https://x.example' }, 'http://localhost')).toThrow(/PUSH_ENDPOINT_HOSTS/);
  });
});

describe('push settings', () => {
  const pair = webpush.generateVAPIDKeys();
  it('takes the VAPID pair and subject from the environment, both keys or neither', () => {
    const env = { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: 'mailto:ops@example.in' };
    expect(pushConfig(env, 'http://localhost')).toMatchObject({ vapidKeys: pair, subject: 'mailto:ops@example.in' });
    expect(() => pushConfig({ VAPID_PUBLIC_KEY: pair.publicKey }, 'http://localhost')).toThrow(/set both or neither/);
    expect(() => pushConfig({ VAPID_PUBLIC_KEY: pair.privateKey, VAPID_PRIVATE_KEY: pair.privateKey }, 'x')).toThrow(
      /VAPID_PUBLIC_KEY must be 65 bytes/,
    );
    expect(() => pushConfig({ VAPID_SUBJECT: 'ops@example.in' }, 'http://localhost')).toThrow(/VAPID_SUBJECT/);
    expect(pushConfig({}, 'https://desk.example.in').subject).toBe('https://desk.example.in');
    expect(pushConfig({ ADMIN_EMAIL: 'owner@example.in' }, 'http://localhost:3000').subject).toBe('mailto:owner@example.in');
  });
});

describe.each(testBackends())('push subscriptions and key on $name', (backend) => {
  const t = useTestApp(backend);
  let asha: { id: string; token: string };
  let ravi: { id: string; token: string };
  beforeAll(async () => {
    asha = await memberToken(t.database.db, 'sub-asha@example.in', 'counsellor');
    ravi = await memberToken(t.database.db, 'sub-ravi@example.in', 'trainer');
  });

  const call = (method: string, token: string, body: unknown) =>
    Promise.resolve(
      t.app.request('/api/admin/push/subscriptions', {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  const keys = () => {
    const k = browserKeys();
    return { p256dh: k.p256dh, auth: k.auth };
  };
  const rows = () => t.database.db.selectFrom('push_subscriptions').select(['endpoint', 'member_id']).orderBy('endpoint').execute();

  it('refuses endpoints off the push services and keys no browser makes, with the reason', async () => {
    const cases: Array<[unknown, string]> = [
      [{ endpoint: 'https://attacker.example/collect', keys: keys() }, NOTIFY_MESSAGES.endpointHost],
      [{ endpoint: 'http://fcm.googleapis.com/fcm/send/x', keys: keys() }, NOTIFY_MESSAGES.endpointInvalid],
      [{ endpoint: 'https://127.0.0.1/push', keys: keys() }, NOTIFY_MESSAGES.endpointHost],
      [{ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'short', auth: keys().auth } }, NOTIFY_MESSAGES.keysInvalid],
      [{ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: keys().p256dh, auth: 'AAAA' } }, NOTIFY_MESSAGES.keysInvalid],
      [{ endpoint: 'https://fcm.googleapis.com/fcm/send/x' }, NOTIFY_MESSAGES.keysInvalid],
      ['just text', NOTIFY_MESSAGES.endpointInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', asha.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    expect(await rows()).toEqual([]);
  });

  it('keeps one subscription per browser, moved to whoever subscribed it last, and stops on DELETE', async () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/shared-desk';
    expect((await call('POST', asha.token, { endpoint, keys: keys() })).status).toBe(201);
    expect((await call('POST', asha.token, { endpoint, keys: keys() })).status).toBe(201);
    await notifyMembers(t.database.db, {
      memberIds: [asha.id],
      kind: 'assigned',
      lead: { list: 'contact', id: '0192f5a0-0000-7000-8000-0000000000bb', firstName: 'Asha' },
      title: 'New lead: Asha',
      body: 'Contact Users',
    });
    expect(await t.database.db.selectFrom('push_queue').select('id').execute()).toHaveLength(1);
    // Ravi signs in on the same browser: it is his now, and Asha's queued push is not shown to him.
    expect((await call('POST', ravi.token, { endpoint, keys: keys() })).status).toBe(201);
    expect(await rows()).toEqual([{ endpoint, member_id: ravi.id }]);
    expect(await t.database.db.selectFrom('push_queue').select('id').execute()).toEqual([]);
    // Asha cannot stop Ravi's; Ravi can.
    expect((await call('DELETE', asha.token, { endpoint })).status).toBe(204);
    expect(await rows()).toHaveLength(1);
    expect((await call('DELETE', ravi.token, { endpoint })).status).toBe(204);
    expect(await rows()).toEqual([]);
  });

  it('gives one VAPID key per database, made once even when instances start together', async () => {
    const [a, b] = await Promise.all([
      vapidKeys(t.database.db.withoutPlugins(), {} as never),
      vapidKeys(t.database.db.withoutPlugins(), {} as never),
    ]);
    expect(a).toEqual(b);
    expect(Buffer.from(a.publicKey, 'base64url')).toHaveLength(65);
    expect(await t.database.db.selectFrom('push_keys').select('id').execute()).toHaveLength(1);
    const res = await t.app.request('/api/admin/push/key', { headers: { Authorization: `Bearer ${asha.token}` } });
    expect(await res.json()).toEqual({ publicKey: a.publicKey });
    // A configured pair wins over the stored one.
    const pair = webpush.generateVAPIDKeys();
    const configured = testApp(t.database, {
      push: pushConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey }, 'x'),
    }).app;
    const given = await configured.request('/api/admin/push/key', { headers: { Authorization: `Bearer ${asha.token}` } });
    expect(await given.json()).toEqual({ publicKey: pair.publicKey });
  });
});
