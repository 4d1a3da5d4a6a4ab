// The notify core: one bell row per member, a repeat of a dedupe key a no-op, a push queued
// per subscription in the caller's transaction (and gone with it when that rolls back), and
// the bell's API: newest first, the unread count, marking read, each member only their own.
import { beforeAll, describe, expect, it } from 'vitest';
import { memberToken } from '../testing/admin.ts';
import { postJson, useTestApp } from '../testing/app.ts';
import { testBackends } from '../testing/databases.ts';
import { eventually } from '../testing/eventually.ts';
import type { NotificationsResponse } from '../../contract/notifications.ts';
import { eventFor } from '../desk/event-filter.ts';
import { notifyMembers } from './notify.ts';

describe.each(testBackends())('notifyMembers and the bell on $name', (backend) => {
  const t = useTestApp(backend);
  let asha: { id: string; token: string };
  let ravi: { id: string; token: string };
  beforeAll(async () => {
    asha = await memberToken(t.database.db, 'asha@example.in', 'counsellor');
    ravi = await memberToken(t.database.db, 'ravi@example.in', 'counsellor');
  });

  const bell = async (token: string) => {
    const res = await t.app.request('/api/admin/notifications', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as NotificationsResponse;
  };
  const lead = { list: 'need-help', id: '0192f5a0-0000-7000-8000-000000000001', firstName: 'Meera' };

  it('writes one row per member, once per dedupe key, and queues a push per subscription', async () => {
    await t.database.db
      .insertInto('push_subscriptions')
      .values({ member_id: asha.id, endpoint: 'https://fcm.googleapis.com/fcm/send/a', p256dh: 'k', auth: 'a' })
      .execute();
    for (let i = 0; i < 2; i++) {
      await t.database.db.transaction().execute((trx) =>
        notifyMembers(trx, {
          memberIds: [asha.id, ravi.id, asha.id],
          kind: 'assigned',
          lead,
          title: 'New lead: Meera',
          body: 'Enquiry',
          dedupeKey: 'assign:1',
        }),
      );
    }
    expect((await bell(asha.token)).notifications.map((n) => n.title)).toEqual(['New lead: Meera']);
    expect((await bell(ravi.token)).unread).toBe(1);
    const queued = await t.database.db.selectFrom('push_queue').select('subscription_id').execute();
    expect(queued).toHaveLength(1);
  });

  it('writes nothing when the caller rolls back', async () => {
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await notifyMembers(trx, { memberIds: [ravi.id], kind: 'due', lead, title: 'Call Meera', body: 'Due now' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await bell(ravi.token)).notifications).toHaveLength(1);
  });

  it('lists newest first, counts unread, marks read only the member’s own', async () => {
    await notifyMembers(t.database.db, { memberIds: [ravi.id], kind: 'paid', lead, title: 'Meera paid', body: 'Booking' });
    const before = await bell(ravi.token);
    expect(before.notifications.map((n) => n.title)).toEqual(['Meera paid', 'New lead: Meera']);
    expect(before.unread).toBe(2);
    expect(before.notifications[0]!.url).toBe(`/admin/need-help?open=${lead.id}`);
    const newest = before.notifications[0]!._id;
    // Asha marking Ravi's notification changes nothing of his.
    await postJson(t.app, '/api/admin/notifications/read', { ids: [newest] }, { Authorization: `Bearer ${asha.token}` });
    expect((await bell(ravi.token)).unread).toBe(2);
    const one = await postJson(t.app, '/api/admin/notifications/read', { ids: [newest] }, { Authorization: `Bearer ${ravi.token}` });
    expect(((await one.json()) as NotificationsResponse).unread).toBe(1);
    await postJson(t.app, '/api/admin/notifications/read', {}, { Authorization: `Bearer ${ravi.token}` });
    expect((await bell(ravi.token)).unread).toBe(0);
    const bad = await postJson(t.app, '/api/admin/notifications/read', { ids: ['x'] }, { Authorization: `Bearer ${ravi.token}` });
    expect(bad.status).toBe(400);
  });

  it("tells the member's open consoles, and only theirs, so the bell fills by itself", async () => {
    const heard: unknown[] = [];
    const stop = await t.database.listen('lead_events', (payload) => heard.push(JSON.parse(payload)));
    try {
      await notifyMembers(t.database.db, { memberIds: [asha.id], kind: 'rule', lead, title: 'Meera: college fair', body: 'Rule' });
      await eventually(() =>
        expect(heard).toContainEqual({ list: 'need-help', type: 'notified', count: 1, id: lead.id, assignee: asha.id }),
      );
    } finally {
      await stop();
    }
    const event = { list: 'need-help' as const, type: 'notified' as const, count: 1, id: lead.id, assignee: asha.id };
    expect(eventFor({ id: asha.id, role: 'counsellor' }, event)).toEqual({ list: 'need-help', type: 'notified', count: 1, id: lead.id });
    expect(eventFor({ id: ravi.id, role: 'counsellor' }, event)).toBeUndefined();
    expect(eventFor({ id: ravi.id, role: 'admin' }, event)).toBeUndefined();
  });
});
