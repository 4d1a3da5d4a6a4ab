// Web Push from the built server, as deployed: a push service stand-in on 127.0.0.1 with its
// own certificate authority, trusted by the server process through NODE_EXTRA_CA_CERTS and
// allowed through PUSH_ENDPOINT_HOSTS. A lead round robin gives the admin reaches their
// subscribed browser: the test decrypts it with the subscription's keys (aes128gcm), finds
// the lead's first name and list and no email or phone, and checks the VAPID JWT (ES256
// against the key the console is given, audience the endpoint's origin). A subscription the
// service answers 410 is deleted: the next lead is not pushed to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, type AdminProfile } from '../contract/admin.ts';
import { DESK_PATHS } from '../contract/desk.ts';
import { LEAD_PATHS } from '../contract/lead-kinds.ts';
import type { PushPayload } from '../contract/notifications.ts';
import {
  browserKeys,
  decryptPush,
  makeTestCa,
  startPushStandIn,
  verifyVapid,
  type PushStandIn,
  type TestCa,
} from '../api/testing/push-standin.ts';
import { adminEnv, apiCall, apiLogin, TEST_ADMIN } from './support/console.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe('Web Push from the running server', () => {
  let ca: TestCa;
  let standIn: PushStandIn;
  let server: RunningServer;
  let token: string;
  beforeAll(async () => {
    ca = makeTestCa();
    standIn = await startPushStandIn(ca);
    server = await startServer({ env: { ...adminEnv(), NODE_EXTRA_CA_CERTS: ca.caFile, PUSH_ENDPOINT_HOSTS: '127.0.0.1' } });
    token = await apiLogin(server, TEST_ADMIN);
  });
  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
    ca?.remove();
  });

  const submit = async (body: object): Promise<string> => {
    const res = await fetch(server.url + LEAD_PATHS.enquiry, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { _id: string } }).data._id;
  };
  const received = (path: string) => standIn.received.filter((r) => r.path === path);
  const enquiry = (name: string, n: number) => ({
    background: 'College Student',
    course: 'Soft Skills',
    name,
    email: `push.${n}.${Date.now()}@example.in`,
    // A phone of their own: a shared one would make the second a returning person's lead.
    phone: `99887766${String(50 + n)}`,
  });

  it('pushes a lead given to the admin to their browser, encrypted to it and signed with the published key', async () => {
    const me = (await apiCall<{ admin: AdminProfile }>(server, token, 'GET', ADMIN_PATHS.me)).body.admin;
    const rule = await apiCall(server, token, 'PUT', DESK_PATHS.assignment, {
      lists: { 'need-help': { mode: 'round-robin', members: [me._id] } },
    });
    expect(rule.status).toBe(200);
    const keys = browserKeys();
    const gone = browserKeys();
    standIn.answer.set('/gone', 410);
    for (const [path, k] of [
      ['/fcm/send/device-1', keys],
      ['/gone', gone],
    ] as const) {
      const res = await apiCall(server, token, 'POST', '/api/admin/push/subscriptions', {
        endpoint: `${standIn.origin}${path}`,
        keys: { p256dh: k.p256dh, auth: k.auth },
      });
      expect(res.status).toBe(201);
    }
    const leadId = await submit(enquiry('Meera Iyer', 1));
    await expect.poll(() => received('/fcm/send/device-1').length, { timeout: 60_000 }).toBe(1);
    await expect.poll(() => received('/gone').length, { timeout: 60_000 }).toBe(1);

    const push = received('/fcm/send/device-1')[0]!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    const text = decryptPush(push.body, keys);
    expect(JSON.parse(text) as PushPayload).toEqual({
      title: 'New lead: Meera',
      body: 'Need Help Users, given to you by Round robin',
      url: `/admin/need-help?open=${leadId}`,
      tag: `assigned:need-help:${leadId}`,
    });
    expect(text).not.toMatch(/Iyer|@|9988776651/);
    const { claims, publicKey } = verifyVapid(push.headers.authorization as string);
    expect(claims.aud).toBe(standIn.origin);
    expect((await apiCall<{ publicKey: string }>(server, token, 'GET', '/api/admin/push/key')).body.publicKey).toBe(publicKey);

    // The 410 deleted that subscription: the next lead reaches the live one only.
    await submit(enquiry('Kabir Rao', 2));
    await expect.poll(() => received('/fcm/send/device-1').length, { timeout: 60_000 }).toBe(2);
    expect(JSON.parse(decryptPush(received('/fcm/send/device-1')[1]!.body, keys))).toMatchObject({ title: 'New lead: Kabir' });
    expect(received('/gone')).toHaveLength(1);
    // And the bell lists both, newest first.
    const bell = await apiCall<{ notifications: Array<{ title: string }>; unread: number }>(
      server,
      token,
      'GET',
      '/api/admin/notifications',
    );
    expect(bell.body.notifications.map((n) => n.title)).toEqual(['New lead: Kabir', 'New lead: Meera']);
  });
});
