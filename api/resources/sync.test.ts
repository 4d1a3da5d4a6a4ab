// POST /api/v1/sync: per-item answers equal to the single endpoints', replays, bad items
// beside good ones, limits, and a queue of 1,000 in 10 requests.
import { describe, expect, it } from 'vitest';
import { SYNC_BATCH_MAX, SYNC_PATH } from '../../contract/api.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { API_MESSAGES, MESSAGES } from '../../contract/messages.ts';
import { postJson, useTestApp } from '../testing/app.ts';
import { testBackends } from '../testing/databases.ts';

let n = 0;
const key = () => `sync-${Date.now()}-${++n}`;
const contact = (i: number) => ({
  firstName: `Student${i}`,
  lastName: 'Test',
  email: `s${i}@example.in`,
  phone: '9876543210',
  message: `Message ${i}`,
});

describe.each(testBackends())('batch delivery on $name', (backend) => {
  const t = useTestApp(backend);

  const count = async (table: 'contact_messages' | 'personality_users' | 'enquiries') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers each item as its own endpoint would, in order', async () => {
    const items = [
      {
        key: key(),
        path: LEAD_PATHS.personalitySignup,
        body: { name: 'Isha', phone: '9000000002', email: 'isha@example.in', password: 'secret34' },
      },
      { key: key(), path: LEAD_PATHS.contact, body: contact(1) },
      {
        key: key(),
        path: LEAD_PATHS.enquiry,
        body: { background: 'School Student', course: 'Soft Skills', name: 'Meera', email: 'm@example.in', phone: '9988776655' },
      },
      { key: key(), path: LEAD_PATHS.contact, body: { ...contact(2), email: 'broken' } },
      { key: key(), path: '/api/v1/nowhere', body: {} },
      { key: 'bad', path: LEAD_PATHS.contact, body: contact(3) },
    ];
    const res = await postJson(t.app, SYNC_PATH, items);
    expect(res.status).toBe(200);
    const { results } = await res.json();
    expect(results.map((r: { key: string }) => r.key)).toEqual(items.map((i) => i.key));
    expect(results.map((r: { status: number }) => r.status)).toEqual([201, 201, 201, 400, 404, 400]);
    expect(results[0].body.message).toBe(MESSAGES.personalitySuccess);
    expect(results[1].body).toMatchObject({ success: true, data: { firstName: 'Student1' } });
    expect(results[3].body).toEqual({ message: MESSAGES.invalidEmail, errors: { email: MESSAGES.invalidEmail } });
    expect(results[5].body.message).toBe(API_MESSAGES.badIdempotencyKey);

    // The same batch again: every stored item replays, nothing new is stored.
    const before = await count('contact_messages');
    const again = await (await postJson(t.app, SYNC_PATH, { items })).json();
    expect(again.results.slice(0, 3)).toEqual(results.slice(0, 3));
    expect(await count('contact_messages')).toBe(before);
  });

  it('gives a key already delivered by a single POST its original answer', async () => {
    const k = key();
    const single = await postJson(t.app, LEAD_PATHS.contact, contact(9), { 'Idempotency-Key': k });
    const singleBody = await single.json();
    const { results } = await (await postJson(t.app, SYNC_PATH, [{ key: k, path: LEAD_PATHS.contact, body: contact(9) }])).json();
    expect(results[0]).toEqual({ key: k, status: 201, body: singleBody });
    const changed = await (await postJson(t.app, SYNC_PATH, [{ key: k, path: LEAD_PATHS.contact, body: contact(10) }])).json();
    expect(changed.results[0].status).toBe(422);
  });

  it('stores a key repeated inside one batch once', async () => {
    const k = key();
    const before = await count('contact_messages');
    const { results } = await (
      await postJson(t.app, SYNC_PATH, [
        { key: k, path: LEAD_PATHS.contact, body: contact(20) },
        { key: k, path: LEAD_PATHS.contact, body: contact(20) },
        { key: k, path: LEAD_PATHS.contact, body: contact(21) },
      ])
    ).json();
    expect(results.map((r: { status: number }) => r.status)).toEqual([201, 201, 422]);
    expect(results[1].body).toEqual(results[0].body);
    expect(await count('contact_messages')).toBe(before + 1);
  });

  it('refuses more than 100 items and bodies that are not a list', async () => {
    const tooMany = Array.from({ length: SYNC_BATCH_MAX + 1 }, (_, i) => ({ key: key(), path: LEAD_PATHS.contact, body: contact(i) }));
    expect((await postJson(t.app, SYNC_PATH, tooMany)).status).toBe(413);
    expect((await postJson(t.app, SYNC_PATH, { items: 'nope' })).status).toBe(400);
    const odd = await postJson(t.app, SYNC_PATH, [null, 5, 'x']);
    expect(odd.status).toBe(200);
    expect((await odd.json()).results.map((r: { status: number }) => r.status)).toEqual([400, 400, 400]);
  });

  it('drains a queue of 1,000 in 10 requests, exactly once even when re-sent', async () => {
    const before = await count('contact_messages');
    const queue = Array.from({ length: 1000 }, (_, i) => ({ key: key(), path: LEAD_PATHS.contact, body: contact(1000 + i) }));
    for (let i = 0; i < queue.length; i += 100) {
      const res = await postJson(t.app, SYNC_PATH, queue.slice(i, i + 100));
      const { results } = await res.json();
      expect(results.every((r: { status: number }) => r.status === 201)).toBe(true);
    }
    // A lost acknowledgement makes the client send a batch again.
    await postJson(t.app, SYNC_PATH, queue.slice(300, 400));
    expect(await count('contact_messages')).toBe(before + 1000);
  });
});
