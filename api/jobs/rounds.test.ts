// The product's periodic rounds driven by the scheduler, on PGlite and Postgres, on a fake
// clock: two instances' schedulers share each period (one runs it), and what each round
// claims is done once however many periods and instances look: a lead round robin gave a
// member is noticed once, a due next action reminded once, an unpaid booking followed up once.
// A relay runs only the rounds that are its own (no payments, no webinar reminders).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReferenceOf, NEXT_BATCH } from '../../contract/bookings.ts';
import { DESK_PATHS } from '../../contract/desk.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { memberToken } from '../testing/admin.ts';
import { postJson, testApp } from '../testing/app.ts';
import { fakeClock } from '../testing/clock.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { LEAD_SAMPLES } from '../testing/lead-samples.ts';
import { productRounds } from './rounds.ts';
import { startScheduler, type Scheduler } from './scheduler.ts';

const MINUTE = 60_000;

describe.each(testBackends())('the periodic rounds on the scheduler on $name', (backend) => {
  let database: TestDatabase;
  let second: DatabaseHandle | undefined;
  let made: ReturnType<typeof testApp>;
  const schedulers: Scheduler[] = [];
  const clock = fakeClock();

  beforeAll(async () => {
    database = await backend.create();
    second = database.url ? await openDatabase({ databaseUrl: database.url, dataDir: '' }) : undefined;
    made = testApp(database, { paymentReminderAfterMinutes: 120 }, { clock: clock.fn });
    for (const db of [database.db, second?.db ?? database.db]) {
      const periodic = productRounds({ db, config: made.config, log: () => undefined, wakeMail: () => undefined, postgres: false });
      // A poll of an hour: the test drives every round itself (drainRounds), on its clock.
      schedulers.push(startScheduler({ db, periodic, pollMs: 3_600_000, log: () => undefined, clock: clock.fn }));
    }
  });
  afterAll(async () => {
    for (const s of schedulers) await s.stop();
    await second?.close();
    await database?.dispose();
  });

  /** Both instances look at once; resolves the rounds each ran. */
  const bothLook = async () => Promise.all(schedulers.map((s) => s.drainRounds()));

  it('runs each round once a period across two instances, and what a round claims once', async () => {
    const asha = await memberToken(database.db, 'rounds-asha@example.in', 'counsellor');
    const admin = await memberToken(database.db, 'rounds-admin@example.in', 'admin');
    const first = await bothLook();
    // Every round was due at start, each run by one of the two.
    const ran = first.flat().sort();
    expect(ran).toEqual(
      Object.keys(
        productRounds({ db: database.db, config: made.config, log: () => undefined, wakeMail: () => undefined, postgres: false }),
      ).sort(),
    );
    expect(new Set(ran).size).toBe(ran.length);
    // Nothing is due again before its period.
    clock.advance(500);
    expect((await bothLook()).flat()).toEqual([]);

    await made.app.request(DESK_PATHS.assignment, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ lists: { 'need-help': { mode: 'round-robin', members: [asha.id] } } }),
    });
    const res = await postJson(made.app, LEAD_PATHS.enquiry, { ...LEAD_SAMPLES.enquiry(41), name: 'Meera Rounds' });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { data: { _id: string } }).data._id;
    await database.db
      .updateTable('enquiries')
      .set({ next_action_type: 'call', next_action_due_at: new Date(clock.fn().getTime() + MINUTE) })
      .where('id', '=', id)
      .execute();
    const booking = await postJson(made.app, LEAD_PATHS.booking, {
      programme: 'Skill for Colleges',
      package: 'Elite',
      batch: NEXT_BATCH,
      name: 'Ravi Rounds',
      email: 'ravi.rounds@example.in',
      phone: '9876512399',
      reference: bookingReferenceOf(crypto.randomUUID()),
    });
    expect(booking.status).toBe(201);
    await sql`update bookings set created_at = ${clock.fn()}`.execute(database.db);

    // Ten periods of reminders (5 s) and more, both instances looking each time.
    for (let i = 0; i < 30; i += 1) {
      clock.advance(10_000);
      await bothLook();
    }
    clock.advance(120 * MINUTE);
    await bothLook();
    clock.advance(10_000);
    await bothLook();

    const notices = await sql<{ kind: string; n: number }>`
      select kind, count(*)::int as n from notifications where member_id = ${asha.id} group by kind order by kind`.execute(database.db);
    expect(notices.rows).toEqual([
      { kind: 'assigned', n: 1 },
      { kind: 'due', n: 1 },
    ]);
    const mails = await sql<{ n: number }>`select count(*)::int as n from mail_queue where kind = 'payment-reminder'`.execute(database.db);
    expect(mails.rows[0]?.n).toBe(1);
  }, 120_000);

  it('gives a relay only its own rounds', () => {
    const relay = { ...made.config, relay: { upstreamUrl: 'https://upstream.example.in', key: 'k'.repeat(32) } };
    const names = Object.keys(
      productRounds({ db: database.db, config: relay, log: () => undefined, wakeMail: () => undefined, postgres: true }),
    );
    expect(names).toContain('desk.reminders');
    expect(names).toContain('db.pending-lists');
    expect(names).not.toContain('payments.reminders');
    expect(names).not.toContain('webinars.reminders');
  });
});
