// What the desk tells a member, from work that already happens: a lead given to them (by
// round robin inside the insert, or by an admin; not when they take it themselves), their
// next action falling due, their lead's booking paid (by the gateway, or by an admin). Each
// names the lead by first name and list, once however often its cause is seen.
import { beforeAll, describe, expect, it } from 'vitest';
import { leadPath } from '../../contract/console.ts';
import { DESK_PATHS } from '../../contract/desk.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import type { NotificationsResponse } from '../../contract/notifications.ts';
import { remindOnce } from '../desk/reminders.ts';
import { markPaid } from '../payments/apply.ts';
import { memberToken } from '../testing/admin.ts';
import { memberRequests, postJson, useTestApp } from '../testing/app.ts';
import { testBackends } from '../testing/databases.ts';
import { LEAD_SAMPLES } from '../testing/lead-samples.ts';
import { noticeAssignmentsOnce } from './assignments.ts';

describe.each(testBackends())('notices to a lead’s owner on $name', (backend) => {
  const t = useTestApp(backend);
  let admin: { id: string; token: string };
  let asha: { id: string; token: string };
  let ravi: { id: string; token: string };
  beforeAll(async () => {
    admin = await memberToken(t.database.db, 'owner-admin@example.in', 'admin');
    asha = await memberToken(t.database.db, 'owner-asha@example.in', 'counsellor');
    ravi = await memberToken(t.database.db, 'owner-ravi@example.in', 'counsellor');
    // The first round starts the cursor: nothing before it is news.
    await noticeAssignmentsOnce(t.database.db);
  });

  const call = memberRequests(t);
  const bell = async (member: { token: string }) =>
    ((await (await call('GET', '/api/admin/notifications', member.token)).json()) as NotificationsResponse).notifications;
  const submit = async (path: string, body: Record<string, unknown>) => {
    const res = await postJson(t.app, path, body);
    expect([200, 201]).toContain(res.status);
    return ((await res.json()) as { data: { _id: string } }).data._id;
  };

  it('tells a member of a lead round robin gave them, once, by first name and list', async () => {
    await call('PUT', DESK_PATHS.assignment, admin.token, { lists: { 'need-help': { mode: 'round-robin', members: [asha.id] } } });
    const id = await submit(LEAD_PATHS.enquiry, { ...LEAD_SAMPLES.enquiry(1), name: 'Meera Iyer' });
    await noticeAssignmentsOnce(t.database.db);
    await noticeAssignmentsOnce(t.database.db);
    const notices = await bell(asha);
    expect(notices).toEqual([
      expect.objectContaining({
        kind: 'assigned',
        title: 'New lead: Meera',
        body: 'Need Help Users, given to you by Round robin',
        leadId: id,
        read: false,
      }),
    ]);
    expect(JSON.stringify(notices)).not.toMatch(/Iyer|example\.in|9988776655/);
  });

  it('tells the member an admin gives a lead to, and nobody when a counsellor takes one themselves', async () => {
    const given = await submit(LEAD_PATHS.contact, { ...LEAD_SAMPLES.contact(2), firstName: 'Kabir' });
    const taken = await submit(LEAD_PATHS.contact, { ...LEAD_SAMPLES.contact(3), firstName: 'Tara' });
    expect((await call('PATCH', leadPath('contact', given), admin.token, { assignee: ravi.id })).status).toBe(200);
    expect((await call('PATCH', leadPath('contact', taken), asha.token, { assignee: asha.id })).status).toBe(200);
    await noticeAssignmentsOnce(t.database.db);
    expect((await bell(ravi)).map((n) => n.title)).toEqual(['New lead: Kabir']);
    expect((await bell(asha)).map((n) => n.title)).not.toContain('New lead: Tara');
  });

  it('tells the owner their next action is due, once per due time', async () => {
    const id = await submit(LEAD_PATHS.contact, { ...LEAD_SAMPLES.contact(4), firstName: 'Isha' });
    const due = new Date(Date.now() - 60_000);
    await t.database.db
      .updateTable('contact_messages')
      .set({ assignee_id: ravi.id, next_action_type: 'call', next_action_due_at: due })
      .where('id', '=', id)
      .execute();
    await remindOnce(t.database.db, new Date());
    await remindOnce(t.database.db, new Date());
    const notices = (await bell(ravi)).filter((n) => n.kind === 'due');
    expect(notices).toEqual([
      expect.objectContaining({ title: 'Call Isha now', body: 'Your next action is due (Contact Users)', leadId: id }),
    ]);
  });

  it('tells the owner their lead’s booking is paid, by the gateway or by an admin, not the member who marked it', async () => {
    const byGateway = await submit(LEAD_PATHS.booking, { ...LEAD_SAMPLES.booking(5), name: 'Riya Sen' });
    const byAdmin = await submit(LEAD_PATHS.booking, { ...LEAD_SAMPLES.booking(6), name: 'Dev Rao' });
    await t.database.db.updateTable('bookings').set({ assignee_id: asha.id }).where('id', 'in', [byGateway, byAdmin]).execute();
    const booking = await t.database.db.selectFrom('bookings').selectAll().where('id', '=', byGateway).executeTakeFirstOrThrow();
    const by = {
      gateway: 'razorpay',
      payment: { id: 'pay_1', method: 'upi', paidAt: new Date() },
      label: 'Razorpay',
      adminId: null,
      says: 'Razorpay payment pay_1',
      receiptPrefix: 'SS',
    };
    await t.database.db.transaction().execute((trx) => markPaid(trx, booking, by, new Date()));
    expect((await call('PATCH', `/api/admin/bookings/${byAdmin}`, admin.token, { paymentStatus: 'paid' })).status).toBe(200);
    // Marked paid again: still one notice.
    expect((await call('PATCH', `/api/admin/bookings/${byAdmin}`, admin.token, { paymentStatus: 'paid' })).status).toBe(200);
    const paid = (await bell(asha)).filter((n) => n.kind === 'paid');
    expect(paid.map((n) => [n.title, n.leadId])).toEqual([
      ['Dev paid', byAdmin],
      ['Riya paid', byGateway],
    ]);
    expect(paid[0]!.body).toMatch(/^Seat booking paid: /);
  });
});
