// An unpaid booking followed up once, on PGlite and (with TEST_DATABASE_URL) Postgres, on a
// fake clock: PAYMENT_REMINDER_AFTER_MINUTES after it was made it gets one reminder email
// with its payment link (or the package's page and UPI without a gateway link), and its owner a
// "Payment follow-up" next action in My day; two instances looking at once, and again after
// a restart, send it once. A paid booking, one the desk closed, one whose link expired and one
// past its seat's hold get none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReferenceOf, NEXT_BATCH } from '../../contract/bookings.ts';
import { DESK_PATHS } from '../../contract/desk.ts';
import type { MyDayResponse } from '../../contract/my-day.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { memberToken } from '../testing/admin.ts';
import { postJson, testApp } from '../testing/app.ts';
import { fakeClock } from '../testing/clock.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { remindUnpaidOnce, type ReminderWork } from './reminders.ts';

const MINUTE = 60_000;
const UPI = { vpa: 'skillup@okaxis', name: 'SkillUp Academy' };

describe.each(testBackends())('payment reminders on $name', (backend) => {
  let database: TestDatabase;
  let second: DatabaseHandle | undefined;
  let app: ReturnType<typeof testApp>['app'];
  let works: ReminderWork[];
  const clock = fakeClock();

  beforeAll(async () => {
    database = await backend.create();
    second = database.url ? await openDatabase({ databaseUrl: database.url, dataDir: '' }) : undefined;
    const made = testApp(database, { upi: UPI, paymentReminderAfterMinutes: 120 }, { clock: clock.fn });
    app = made.app;
    const config = made.config;
    // Two instances: on Postgres each with its own pool, as two servers would have.
    works = [database.db, second?.db ?? database.db].map((db) => ({ db, config, log: () => {} }));
  });
  afterAll(async () => {
    await second?.close();
    await database?.dispose();
  });

  const book = async () => {
    const body = {
      programme: 'Skill for Colleges',
      package: 'Elite',
      batch: NEXT_BATCH,
      name: 'Ravi Reminder',
      email: `ravi.${crypto.randomUUID().slice(0, 8)}@example.in`,
      phone: '9876512345',
      reference: bookingReferenceOf(crypto.randomUUID()),
    };
    const res = await postJson(app, LEAD_PATHS.booking, body);
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { data: { _id: string } }).data._id;
    // Made "now" on the fake clock (the row's default is the database's own time).
    await database.db
      .updateTable('bookings')
      .set({ created_at: clock.fn() } as never)
      .where('id', '=', id)
      .execute();
    return { body, id };
  };
  const reminders = (email: string) =>
    database.db.selectFrom('mail_queue').selectAll().where('to_address', '=', email).where('kind', '=', 'payment-reminder').execute();
  /** Both instances at once, as many rounds as they find work. */
  const roundsAt = async (at: Date) => {
    let total = 0;
    for (;;) {
      const found = await Promise.all(works.map((w) => remindUnpaidOnce(w, at)));
      total += found[0]! + found[1]!;
      if (found.every((n) => n === 0)) return total;
    }
  };

  it('once, 120 minutes after booking, with its link, and its owner has a payment follow-up in My day', async () => {
    const owner = await memberToken(database.db, `owner.${crypto.randomUUID().slice(0, 6)}@example.in`, 'counsellor', clock.fn);
    const { body, id } = await book();
    const linked = await book();
    // The gateway made this one's own link.
    await database.db.updateTable('bookings').set({ payment_url: 'https://rzp.io/i/StandIn123' }).where('id', '=', linked.id).execute();
    await database.db.updateTable('bookings').set({ assignee_id: owner.id }).where('id', 'in', [id, linked.id]).execute();
    const start = clock.fn();

    expect(await roundsAt(new Date(start.getTime() + 119 * MINUTE))).toBe(0);
    clock.advance(121 * MINUTE);
    expect(await roundsAt(clock.fn())).toBeGreaterThanOrEqual(2);
    // Again, and after a "restart" (a round from nothing but the database): nothing more.
    expect(await roundsAt(clock.fn())).toBe(0);

    const [mail] = await reminders(body.email);
    expect(await reminders(body.email)).toHaveLength(1);
    expect(mail!.subject).toBe(`Your seat is waiting: pay for booking ${body.reference}`);
    expect(mail!.text_body).toContain(`https://rzp.io/l/skillup-elite?reference=${body.reference}`);
    expect(mail!.text_body).toContain(`UPI ID: ${UPI.vpa}`);
    expect(mail!.text_body).toContain('Amount: ₹7,499');
    const [linkedMail] = await reminders(linked.body.email);
    expect(await reminders(linked.body.email)).toHaveLength(1);
    expect(linkedMail!.text_body).toContain('Pay online (card, net banking, UPI): https://rzp.io/i/StandIn123');
    expect(linkedMail!.text_body).not.toContain('UPI ID');

    const day = (await (
      await app.request(DESK_PATHS.myDay, { headers: { Authorization: `Bearer ${owner.token}` } })
    ).json()) as MyDayResponse;
    // Once: under New when no one has called yet (with its next step), else overdue or due today.
    const listed = [...day.uncontacted, ...day.overdue, ...day.dueToday].filter((i) => i._id === id);
    expect(listed).toHaveLength(1);
    const item = listed[0];
    expect(item).toMatchObject({
      list: 'bookings',
      type: 'call',
      note: `Payment follow-up: booking ${body.reference} (₹7,499) is not paid yet`,
    });
    const history = await database.db
      .selectFrom('lead_history')
      .selectAll()
      .where('lead_id', '=', id)
      .where('action', '=', 'next-action')
      .execute();
    expect(history).toHaveLength(1);
    expect(history[0]!.admin_label).toBe('System');

    // A day later, still unpaid: still the one reminder.
    clock.advance(24 * 60 * MINUTE);
    expect(await roundsAt(clock.fn())).toBe(0);
    expect(await reminders(body.email)).toHaveLength(1);
  });

  it('none for a paid booking, one the desk closed, one whose link expired, or one past its seat’s hold', async () => {
    const paid = await book();
    const closed = await book();
    const expired = await book();
    const old = await book();
    await database.db.updateTable('bookings').set({ payment_status: 'paid' }).where('id', '=', paid.id).execute();
    await database.db.updateTable('bookings').set({ status: 'not-interested' }).where('id', '=', closed.id).execute();
    await database.db.updateTable('bookings').set({ link_status: 'expired' }).where('id', '=', expired.id).execute();
    await database.db
      .updateTable('bookings')
      .set({ created_at: new Date(clock.fn().getTime() - 4 * 24 * 60 * MINUTE) } as never)
      .where('id', '=', old.id)
      .execute();
    clock.advance(3 * 60 * MINUTE);
    await roundsAt(clock.fn());
    for (const b of [paid, closed, expired, old]) expect(await reminders(b.body.email), b.body.reference).toEqual([]);
    const rows = await database.db
      .selectFrom('bookings')
      .select(['payment_reminded_at', 'next_action_type'])
      .where('id', 'in', [paid.id, closed.id, expired.id, old.id])
      .execute();
    expect(rows.every((r) => r.payment_reminded_at === null && r.next_action_type === null)).toBe(true);
  });
});
