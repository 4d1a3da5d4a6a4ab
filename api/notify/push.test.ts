// Web Push end to end inside the process: a member subscribes (only push services' hosts are
// accepted), a notification is pushed through the `web-push` package to a push service
// stand-in on 127.0.0.1 over TLS, which checks the VAPID JWT (ES256 against the key the
// console is given, audience the endpoint's origin) and whose payload the test decrypts with
// the subscription's keys (aes128gcm). 404 and 410 delete the subscription; other failures
// are retried with back-off and kept as failed after the last attempt.
import { Agent } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '../../contract/notifications.ts';
import { memberToken } from '../testing/admin.ts';
import { postJson, testApp, testConfig } from '../testing/app.ts';
import { fakeClock } from '../testing/clock.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import {
  browserKeys,
  decryptPush,
  makeTestCa,
  startPushStandIn,
  verifyVapid,
  type PushStandIn,
  type TestCa,
} from '../testing/push-standin.ts';
import { notifyMembers } from './notify.ts';
import { deliverOnce, type PushWorkerOptions } from './worker.ts';

describe.each(testBackends())('Web Push on $name', (backend) => {
  let database: TestDatabase;
  let ca: TestCa;
  let standIn: PushStandIn;
  let app: ReturnType<typeof testApp>['app'];
  let config: ReturnType<typeof testConfig>;
  let member: { id: string; token: string };
  // Ahead of the database's own now(), which stamps a new push due.
  let clock: ReturnType<typeof fakeClock>;
  const logs: string[] = [];
  let worker: PushWorkerOptions;

  beforeAll(async () => {
    // Set when this block starts (another backend's block may have run for minutes before).
    clock = fakeClock(Date.now() + 60_000);
    ca = makeTestCa();
    standIn = await startPushStandIn(ca);
    database = await backend.create();
    ({ app, config } = testApp(database, { push: { ...testConfig().push, extraHosts: ['127.0.0.1'] } }));
    member = await memberToken(database.db, 'push-c@example.in', 'counsellor');
    worker = {
      db: database.db,
      config: config.push,
      log: (l) => logs.push(l),
      clock: () => clock.fn(),
      agent: new Agent({ ca: ca.ca }),
      maxAttempts: 3,
    };
  });
  afterAll(async () => {
    await standIn?.close();
    await database?.dispose();
    ca?.remove();
  });

  const auth = () => ({ Authorization: `Bearer ${member.token}` });
  const subscribe = async (path: string) => {
    const keys = browserKeys();
    const res = await postJson(
      app,
      '/api/admin/push/subscriptions',
      { endpoint: `${standIn.origin}${path}`, keys: { p256dh: keys.p256dh, auth: keys.auth } },
      auth(),
    );
    expect(res.status).toBe(201);
    return keys;
  };
  const lead = { list: 'need-help', id: '0192f5a0-0000-7000-8000-0000000000aa', firstName: 'Meera' };
  const notify = (dedupeKey: string) =>
    notifyMembers(database.db, {
      memberIds: [member.id],
      kind: 'assigned',
      lead,
      title: 'New lead: Meera',
      body: 'Need Help Users',
      dedupeKey,
    });
  const subscriptions = () => database.db.selectFrom('push_subscriptions').select(['endpoint']).execute();

  it('pushes an encrypted payload signed with the VAPID key the console is given', async () => {
    const keys = await subscribe('/fcm/send/one');
    await notify('a');
    expect(await deliverOnce(worker)).toEqual({ sent: 1, gone: 0, retrying: 0, failed: 0 });
    expect(standIn.received).toHaveLength(1);
    const push = standIn.received[0]!;
    expect(push.path).toBe('/fcm/send/one');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const payload = JSON.parse(decryptPush(push.body, keys)) as PushPayload;
    expect(payload).toEqual({
      title: 'New lead: Meera',
      body: 'Need Help Users',
      url: `/admin/need-help?open=${lead.id}`,
      tag: `assigned:need-help:${lead.id}`,
    });
    const { claims, publicKey } = verifyVapid(push.headers.authorization as string);
    expect(claims.aud).toBe(standIn.origin);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    const key = (await (await app.request('/api/admin/push/key', { headers: auth() })).json()) as { publicKey: string };
    expect(publicKey).toBe(key.publicKey);
    // Delivered: nothing left to send.
    expect(await database.db.selectFrom('push_queue').select('id').execute()).toEqual([]);
  });

  it('deletes a subscription the push service says is gone (410, 404)', async () => {
    for (const status of [410, 404]) {
      standIn.answer.set(`/gone/${status}`, status);
      await subscribe(`/gone/${status}`);
      await notify(`gone-${status}`);
      const result = await deliverOnce(worker);
      expect(result.gone).toBe(1);
      expect((await subscriptions()).map((s) => s.endpoint)).not.toContain(`${standIn.origin}/gone/${status}`);
      expect(await database.db.selectFrom('push_queue').select('id').execute()).toEqual([]);
    }
  });

  it('retries other failures with back-off and keeps the last one as failed, never dropping it', async () => {
    await database.db.deleteFrom('push_subscriptions').execute();
    standIn.answer.set('/busy', 503);
    await subscribe('/busy');
    await notify('busy');
    expect((await deliverOnce(worker)).retrying).toBe(1);
    const row = await database.db.selectFrom('push_queue').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row.last_error).toContain('503');
    // Not due again until the back-off has passed.
    expect((await deliverOnce(worker)).retrying).toBe(0);
    clock.advance(15_000);
    expect((await deliverOnce(worker)).retrying).toBe(1);
    clock.advance(30_000);
    expect((await deliverOnce(worker)).failed).toBe(1);
    expect(await database.db.selectFrom('push_queue').select(['state', 'attempts']).execute()).toEqual([{ state: 'failed', attempts: 3 }]);
    expect(logs.join('\n')).toContain('given up');
    // A push service that comes back gets what is still pending; the failed one stays for an admin to see.
    standIn.answer.delete('/busy');
    await notify('busy-2');
    expect((await deliverOnce(worker)).sent).toBe(1);
  });

  it('retries a push service it cannot reach', async () => {
    await database.db.deleteFrom('push_subscriptions').execute();
    const keys = browserKeys();
    // A port nothing listens on, on an allowed host.
    await postJson(
      app,
      '/api/admin/push/subscriptions',
      { endpoint: 'https://127.0.0.1:9/push', keys: { p256dh: keys.p256dh, auth: keys.auth } },
      auth(),
    );
    await notify('unreachable');
    expect((await deliverOnce(worker)).retrying).toBe(1);
    expect((await subscriptions()).length).toBe(1);
  });
});
