// Relay keys (the upstream's side): an admin makes one (shown once, only
// its hash stored), lists and revokes it; a relay key delivers submissions (the batch
// endpoint and the public POSTs) and nothing else; a revoked or unknown key is 401; and the
// key is its own client for the rate limit, apart from the address it comes from. PGlite,
// and Postgres when TEST_DATABASE_URL is set.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_PATH } from '../../contract/api.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { RELAY_KEY_HEADER, RELAY_MESSAGES, RELAY_PATHS, type RelayKey, type RelayKeyCreated } from '../../contract/relay.ts';
import { memberToken } from '../testing/admin.ts';
import { postJson, testApp } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';

const contact = (n: number) => ({
  firstName: 'Relay',
  lastName: `Student${n}`,
  email: `relay${n}@example.in`,
  phone: `97${String(n).padStart(8, '0')}`,
  message: 'From the hall',
});

describe.each(testBackends())('relay keys on $name', (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof testApp>['app'];
  // The same database behind a small limit, so one address runs out within a test.
  let limited: ReturnType<typeof testApp>['app'];
  const tokens: Record<string, string> = {};
  let serial = 0;

  beforeAll(async () => {
    database = await backend.create();
    app = testApp(database).app;
    limited = testApp(database, { postRateLimitPerMinute: 3, relayRateLimitPerMinute: 3 }).app;
    for (const role of ['admin', 'trainer'] as const)
      tokens[role] = (await memberToken(database.db, `${role}@relay.example.in`, role)).token;
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const auth = (role: string) => ({ Authorization: `Bearer ${tokens[role]}` });
  const makeKey = async (name = 'Priya’s laptop') => {
    const res = await postJson(app, RELAY_PATHS.keys, { name }, auth('admin'));
    expect(res.status).toBe(201);
    return (await res.json()) as RelayKeyCreated;
  };
  const deliver = (key: string, count = 1, to = app) =>
    postJson(
      to,
      SYNC_PATH,
      Array.from({ length: count }, () => ({ key: crypto.randomUUID(), path: LEAD_PATHS.contact, body: contact(++serial) })),
      { [RELAY_KEY_HEADER]: key },
    );

  it('shows a new key once and keeps only its hash; only admins manage keys', async () => {
    const { key, relayKey } = await makeKey();
    expect(key).toMatch(/^rk_[A-Za-z0-9_-]{43}$/);
    expect(relayKey).toMatchObject({ name: 'Priya’s laptop', revokedAt: null, lastUsedAt: null });
    const stored = await database.db.selectFrom('relay_keys').selectAll().where('id', '=', relayKey.id).executeTakeFirstOrThrow();
    expect(stored.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(key);
    const list = (await (await app.request(RELAY_PATHS.keys, { headers: auth('admin') })).json()).data as RelayKey[];
    expect(list.find((k) => k.id === relayKey.id)).toEqual(relayKey);
    expect(JSON.stringify(list)).not.toContain(key);
    expect((await postJson(app, RELAY_PATHS.keys, { name: 'x' }, auth('trainer'))).status).toBe(403);
    expect((await postJson(app, RELAY_PATHS.keys, { name: '' }, auth('admin'))).status).toBe(400);
  });

  it('delivers submissions with a live key, and does nothing else', async () => {
    const { key } = await makeKey();
    const res = await deliver(key);
    expect(res.status).toBe(200);
    expect((await res.json()).results[0].status).toBe(201);
    const single = await postJson(app, LEAD_PATHS.contact, contact(++serial), {
      [RELAY_KEY_HEADER]: key,
      'Idempotency-Key': crypto.randomUUID(),
    });
    expect(single.status).toBe(201);
    // Not an admin token, and no other door: the console's API, a GET, anything but a delivery.
    for (const [method, path] of [
      ['GET', '/api/admin/sessions'],
      ['GET', RELAY_PATHS.keys],
      ['GET', '/api/v1/get-contact'],
      ['POST', '/api/admin/login'],
    ] as const) {
      const r = await app.request(path, {
        method,
        headers: { [RELAY_KEY_HEADER]: key, 'Content-Type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect(r.status, `${method} ${path}`).toBe(403);
      expect((await r.json()).message).toBe(RELAY_MESSAGES.deliveriesOnly);
    }
    const list = (await (await app.request(RELAY_PATHS.keys, { headers: auth('admin') })).json()).data as RelayKey[];
    expect(list.some((k) => k.lastUsedAt !== null)).toBe(true);
  });

  it('refuses a revoked or unknown key with 401, at once', async () => {
    const { key, relayKey } = await makeKey();
    expect((await deliver(key)).status).toBe(200);
    const revoked = await app.request(`${RELAY_PATHS.keys}/${relayKey.id}`, { method: 'DELETE', headers: auth('admin') });
    expect(revoked.status).toBe(204);
    const res = await deliver(key);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe(RELAY_MESSAGES.keyInvalid);
    expect((await deliver('rk_not-a-key')).status).toBe(401);
    expect((await app.request(`${RELAY_PATHS.keys}/${crypto.randomUUID()}`, { method: 'DELETE', headers: auth('admin') })).status).toBe(
      404,
    );
  });

  it('counts a relay as its own client for the rate limit, apart from its address', async () => {
    // The address (in-process requests share one) spends its 3 a minute...
    const { key } = await makeKey();
    for (let i = 0; i < 3; i++) expect((await postJson(limited, LEAD_PATHS.contact, contact(++serial))).status).toBe(201);
    expect((await postJson(limited, LEAD_PATHS.contact, contact(++serial))).status).toBe(429);
    // ...and a relay from that same address still delivers, within its own allowance.
    const res = await deliver(key, 3, limited);
    expect(res.status).toBe(200);
    expect(((await res.json()).results as { status: number }[]).map((r) => r.status)).toEqual([201, 201, 201]);
    const over = await deliver(key, 1, limited);
    expect(over.status).toBe(429);
  });
});
