// Payments through Razorpay, end to end through the API, on PGlite and (with
// TEST_DATABASE_URL) Postgres, against a stand-in of Razorpay's documented API on 127.0.0.1
// (api/testing/razorpay-standin.ts): the product speaks HTTP to it as it would to Razorpay.
// Each booking gets its own link after it is stored (a gateway down or hanging loses none);
// the signed webhook applies each event once and believes only a full payment in rupees on
// the booking's own link; a paid booking never moves back; missed webhooks are reconciled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, bookingReferenceOf, NEXT_BATCH, PAID_PACKAGES } from '../../contract/bookings.ts';
import { leadPath } from '../../contract/console.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import type { GatewayConfig } from '../config.ts';
import { adminToken, memberToken } from '../testing/admin.ts';
import { postJson, testApp } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { razorpayEvent, signedHeaders, startRazorpayStandIn, type RazorpayStandIn } from '../testing/razorpay-standin.ts';
import { gatewayOf } from './gateways.ts';
import { checkLinksOnce, makeLinksOnce, type PaymentWork } from './links.ts';

const WEBHOOK_SECRET = 'whsec-standin-0123456789';
const MINUTE = 60_000;

const booking = (over: object = {}) => ({
  programme: 'Soft Skill For Students',
  package: 'Elevate',
  batch: NEXT_BATCH,
  name: 'Priya Payer',
  email: `priya.${crypto.randomUUID().slice(0, 8)}@example.in`,
  phone: '9876512345',
  reference: bookingReferenceOf(crypto.randomUUID()),
  ...over,
});

describe.each(testBackends())('payments through Razorpay on $name', (backend) => {
  let database: TestDatabase;
  let standIn: RazorpayStandIn;
  let app: ReturnType<typeof testApp>['app'];
  let work: PaymentWork;
  let admin: string;
  const logged: string[] = [];

  beforeAll(async () => {
    standIn = await startRazorpayStandIn();
    database = await backend.create();
    const gateway: GatewayConfig = {
      kind: 'razorpay',
      apiUrl: standIn.url,
      keyId: standIn.keyId,
      keySecret: standIn.keySecret,
      webhookSecret: WEBHOOK_SECRET,
      // Short, so the hanging gateway's tries end soon; long enough for a loaded machine's real answers.
      callTimeoutMs: 2_000,
    };
    app = testApp(database, { gateway }).app;
    work = {
      db: database.db,
      gateway: gatewayOf({ gateway })!,
      publicUrl: 'http://test.local',
      log: (l) => logged.push(l),
      receiptPrefix: 'SS',
    };
    admin = await adminToken(database.db, 'payments.admin@example.in');
  });
  afterAll(async () => {
    await standIn?.close();
    await database?.dispose();
  });

  const book = async (over: object = {}) => {
    const body = booking(over);
    const res = await postJson(app, LEAD_PATHS.booking, body);
    expect(res.status).toBe(201);
    return { body, answer: await res.json() };
  };
  const stateOf = async (reference: string) => (await app.request(`${BOOKING_PATHS.status}/${reference}`)).json();
  const row = (reference: string) =>
    database.db.selectFrom('bookings').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
  const linkOf = async (reference: string) => [...standIn.links.values()].find((l) => l.reference_id === reference)!;
  /** A booking with its link made by the worker, as the running server would. */
  const bookWithLink = async (over: object = {}) => {
    const made = await book(over);
    await makeLinksOnce(work, new Date());
    return { ...made, link: await linkOf(made.body.reference) };
  };
  const webhook = (body: string, headers: Record<string, string>) =>
    Promise.resolve(app.request(BOOKING_PATHS.razorpayWebhook, { method: 'POST', headers, body }));
  const events = async (outcome?: string) =>
    (
      await (
        await app.request(`${BOOKING_PATHS.paymentEvents}${outcome ? `?outcome=${outcome}` : ''}`, {
          headers: { Authorization: `Bearer ${admin}` },
        })
      ).json()
    ).data as Array<{ reference: string | null; outcome: string; reason: string | null; eventId: string }>;

  describe('a payment link per booking', () => {
    it('stores the booking first, then makes its own link: Basic auth, paise from the price list, INR, its reference', async () => {
      standIn.mode = 'ok';
      const { body, answer } = await book({ package: 'Elite', amount: 1 });
      expect(answer).toMatchObject({ status: 'payment-pending', paymentUrl: null, data: { amount: 7499 } });
      expect(await stateOf(body.reference)).toMatchObject({ status: 'payment-pending', paymentUrl: null, linkPending: true });

      expect(await makeLinksOnce(work, new Date())).toBe(1);
      const made = standIn.requests.filter((r) => r.method === 'POST');
      const sent = made.at(-1)!;
      expect(sent.auth).toBe(`Basic ${Buffer.from(`${standIn.keyId}:${standIn.keySecret}`).toString('base64')}`);
      expect(sent.body).toMatchObject({
        amount: PAID_PACKAGES.Elite.rupees * 100,
        currency: 'INR',
        reference_id: body.reference,
        customer: { name: body.name, email: body.email, contact: body.phone },
        callback_url: `http://test.local/booking/${body.reference}`,
        callback_method: 'get',
        notes: { booking_id: answer.data._id, booking_reference: body.reference },
      });
      const { expire_by } = sent.body as { expire_by: number };
      expect(expire_by * 1000).toBeGreaterThan(Date.now() + 6 * 24 * 60 * MINUTE);
      expect(standIn.refusals).toEqual([]);

      const link = await linkOf(body.reference);
      expect(await stateOf(body.reference)).toMatchObject({ status: 'payment-pending', paymentUrl: link.short_url, linkPending: false });
      // The admin's record carries it too, and nothing more is made for it.
      expect(await makeLinksOnce(work, new Date())).toBe(0);
      expect((await row(body.reference)).payment_link_id).toBe(link.id);

      // The booking's email said the link was on its way; the link came in an email of its own, once.
      const mails = await database.db
        .selectFrom('mail_queue')
        .select(['subject', 'text_body'])
        .where('to_address', '=', body.email)
        .execute();
      const booked = mails.find((m) => m.subject.startsWith('Seat reserved'))!;
      expect(booked.text_body).toContain(
        `is on its way: we email it as soon as it is made, and your booking page shows it: http://test.local/booking/${body.reference}`,
      );
      expect(booked.text_body).not.toContain('rzp.io');
      const linked = mails.filter((m) => m.subject === `Your payment link for ${body.reference}`);
      expect(linked).toHaveLength(1);
      expect(linked[0]!.text_body).toContain(link.short_url);
    });

    it('a gateway that answers 500, hangs, or makes the link and loses its answer: the booking is kept and gets one link when it is back', async () => {
      const { body } = await book();
      const start = new Date();
      standIn.mode = 'error-500';
      await makeLinksOnce(work, start);
      let stored = await row(body.reference);
      expect(stored.link_error).toMatch(/500/);
      expect(stored.link_next_at!.getTime()).toBeGreaterThan(start.getTime());
      expect(await stateOf(body.reference)).toMatchObject({ linkPending: true, paymentUrl: null });

      // Not due yet: nothing is asked.
      const asked = standIn.requests.length;
      await makeLinksOnce(work, new Date(start.getTime() + 1_000));
      expect(standIn.requests.length).toBe(asked);

      standIn.mode = 'hang';
      await makeLinksOnce(work, new Date(start.getTime() + 10 * MINUTE));
      stored = await row(body.reference);
      expect(stored.link_error).toMatch(/did not answer/);

      standIn.mode = 'make-then-hang';
      await makeLinksOnce(work, new Date(start.getTime() + 30 * MINUTE));
      expect([...standIn.links.values()].filter((l) => l.reference_id === body.reference)).toHaveLength(1);
      expect((await row(body.reference)).payment_link_id).toBeNull();

      standIn.mode = 'ok';
      await makeLinksOnce(work, new Date(start.getTime() + 60 * MINUTE));
      const links = [...standIn.links.values()].filter((l) => l.reference_id === body.reference);
      expect(links).toHaveLength(1);
      expect((await row(body.reference)).payment_url).toBe(links[0]!.short_url);
      expect(standIn.refusals.filter((r) => r.includes('already exists'))).toEqual([]);
    });
  });

  describe('the webhook', () => {
    it('a signed payment_link.paid marks the booking paid with the payment id, method and time, converts its lead and says so in its history, once however often it is replayed', async () => {
      const { body, link, answer } = await bookWithLink();
      const payment = standIn.pay(link.id, { method: 'card' });
      const event = razorpayEvent(WEBHOOK_SECRET, 'payment_link.paid', link, payment);
      for (let i = 0; i < 10; i++) {
        const res = await webhook(event.body, event.headers);
        expect(res.status).toBe(200);
      }
      const stored = await row(body.reference);
      expect(stored).toMatchObject({ payment_status: 'paid', payment_id: payment.id, payment_method: 'card', status: 'converted' });
      expect(stored.paid_at!.getTime()).toBe(payment.created_at * 1000);
      expect(await stateOf(body.reference)).toMatchObject({
        status: 'paid',
        paymentUrl: null,
        paidAt: new Date(payment.created_at * 1000).toISOString(),
      });
      const detail = await (
        await app.request(leadPath('bookings', answer.data._id), { headers: { Authorization: `Bearer ${admin}` } })
      ).json();
      const mentions = JSON.stringify(detail.history ?? detail).split(payment.id).length - 1;
      expect(mentions).toBe(1);
      const recorded = await database.db.selectFrom('payment_events').selectAll().where('reference', '=', body.reference).execute();
      expect(recorded.map((e) => e.outcome)).toEqual(['applied']);
    });

    it('a missing or wrong signature is 400 and changes nothing', async () => {
      const { body, link } = await bookWithLink();
      const payment = standIn.pay(link.id);
      const event = razorpayEvent(WEBHOOK_SECRET, 'payment_link.paid', link, payment);
      const forged = razorpayEvent('not-the-secret', 'payment_link.paid', link, payment);
      const { 'X-Razorpay-Signature': _dropped, ...unsigned } = event.headers;
      void _dropped;
      const tampered = event.body.replace(`"amount_paid":${link.amount_paid}`, `"amount_paid":${link.amount_paid + 1}`);
      for (const [text, headers] of [
        [event.body, unsigned],
        [forged.body, forged.headers],
        [tampered, event.headers],
        [event.body, { ...event.headers, 'X-Razorpay-Signature': 'zz' }],
      ] as const) {
        const res = await webhook(text, headers);
        expect(res.status).toBe(400);
        expect(await res.json()).toHaveProperty('message');
      }
      expect((await row(body.reference)).payment_status).toBe('payment-pending');
      expect(await database.db.selectFrom('payment_events').select('id').where('reference', '=', body.reference).execute()).toEqual([]);
    });

    it('believes only the whole amount in paise, in INR, on the booking’s own link: anything else is kept as "needs a look" and pays nothing', async () => {
      const cases: Array<
        [
          string,
          (l: Awaited<ReturnType<typeof bookWithLink>>) => {
            link: Record<string, unknown>;
            payment?: Record<string, unknown>;
            event?: string;
          },
          RegExp,
        ]
      > = [
        [
          'rupees for paise',
          ({ link }) => ({ link: { ...link, status: 'paid', amount_paid: 2499 }, payment: { ...standIn.pay(link.id), amount: 2499 } }),
          /Paid 2499 paise; the booking is 249900 paise/,
        ],
        [
          'dollars',
          ({ link }) => ({
            link: { ...link, status: 'paid', amount_paid: 249900, currency: 'USD' },
            payment: standIn.pay(link.id, { currency: 'USD' }),
          }),
          /not INR/,
        ],
        [
          'another link',
          ({ link }) => ({
            link: { ...link, id: 'plink_NotThisOne0001', status: 'paid', amount_paid: 249900 },
            payment: standIn.pay(link.id),
          }),
          /is not this booking's/,
        ],
        [
          'partly paid',
          ({ link }) => ({
            link: { ...link, status: 'partially_paid', amount_paid: 100000 },
            payment: standIn.pay(link.id, { amount: 100000 }),
            event: 'payment_link.partially_paid',
          }),
          /Partly paid: 100000 of 249900/,
        ],
      ];
      for (const [what, shape, reason] of cases) {
        const made = await bookWithLink();
        const { link, payment, event = 'payment_link.paid' } = shape(made);
        const signed = razorpayEvent(WEBHOOK_SECRET, event, link, payment);
        const res = await webhook(signed.body, signed.headers);
        expect(res.status, what).toBe(200);
        expect((await row(made.body.reference)).payment_status, what).toBe('payment-pending');
        const kept = (await events('needs-look')).find((e) => e.reference === made.body.reference);
        expect(kept?.reason, what).toMatch(reason);
      }
      // A reference that is none of ours.
      const stranger = bookingReferenceOf(crypto.randomUUID());
      const signed = razorpayEvent(
        WEBHOOK_SECRET,
        'payment_link.paid',
        { id: 'plink_Stranger000001', status: 'paid', amount: 249900, amount_paid: 249900, currency: 'INR', reference_id: stranger },
        { id: 'pay_Stranger00001', amount: 249900, currency: 'INR', status: 'captured', method: 'upi', created_at: 1_790_000_000 },
      );
      expect((await webhook(signed.body, signed.headers)).status).toBe(200);
      expect((await events('needs-look')).find((e) => e.reference === stranger)?.reason).toBe(`No booking has the reference ${stranger}`);
    });

    it('a paid booking never moves back, whatever order the events come in', async () => {
      const paidFirst = await bookWithLink();
      const payment = standIn.pay(paidFirst.link.id);
      const paid = razorpayEvent(WEBHOOK_SECRET, 'payment_link.paid', paidFirst.link, payment);
      expect((await webhook(paid.body, paid.headers)).status).toBe(200);
      for (const late of ['payment_link.expired', 'payment_link.cancelled']) {
        const status = late.split('.')[1];
        const e = razorpayEvent(WEBHOOK_SECRET, late, { ...paidFirst.link, status, amount_paid: 0 });
        expect((await webhook(e.body, e.headers)).status).toBe(200);
      }
      expect(await row(paidFirst.body.reference)).toMatchObject({ payment_status: 'paid', payment_id: payment.id });

      // Expired first, then the payment Razorpay took before it expired: the payment is a fact.
      const expiredFirst = await bookWithLink();
      const expired = razorpayEvent(WEBHOOK_SECRET, 'payment_link.expired', { ...expiredFirst.link, status: 'expired' });
      expect((await webhook(expired.body, expired.headers)).status).toBe(200);
      expect(await stateOf(expiredFirst.body.reference)).toMatchObject({ status: 'payment-pending', paymentUrl: null, linkPending: false });
      const later = standIn.pay(expiredFirst.link.id);
      const paidLate = razorpayEvent(WEBHOOK_SECRET, 'payment_link.paid', expiredFirst.link, later);
      expect((await webhook(paidLate.body, paidLate.headers)).status).toBe(200);
      expect((await row(expiredFirst.body.reference)).payment_status).toBe('paid');
    });

    it('answers a signed event well within the gateway’s 5 s', async () => {
      const { link } = await bookWithLink();
      const e = razorpayEvent(WEBHOOK_SECRET, 'payment_link.paid', link, standIn.pay(link.id));
      const started = performance.now();
      expect((await webhook(e.body, e.headers)).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(5_000);
    });
  });

  describe('reconciliation', () => {
    it('a link paid at the gateway whose webhook never came is found paid when checked, exactly as the webhook would', async () => {
      const { body, link } = await bookWithLink();
      const payment = standIn.pay(link.id, { method: 'netbanking' });
      // Not yet: the first check is 15 minutes after the link was made.
      expect(await checkLinksOnce(work, new Date(Date.now() + 5 * MINUTE))).toBe(0);
      // Every link due then is asked about, ten a round (the earlier tests' links too).
      const due = new Date(Date.now() + 16 * MINUTE);
      let asked = 0;
      for (let n = await checkLinksOnce(work, due); n > 0; n = await checkLinksOnce(work, due)) asked += n;
      expect(asked).toBeGreaterThanOrEqual(1);
      expect(await row(body.reference)).toMatchObject({
        payment_status: 'paid',
        payment_id: payment.id,
        payment_method: 'netbanking',
        status: 'converted',
      });
      // The webhook that comes after changes nothing.
      const late = razorpayEvent(WEBHOOK_SECRET, 'payment_link.paid', standIn.links.get(link.id)!, payment);
      expect((await webhook(late.body, late.headers)).status).toBe(200);
      const recorded = await database.db.selectFrom('payment_events').selectAll().where('reference', '=', body.reference).execute();
      expect(recorded.map((e) => e.outcome).sort()).toEqual(['applied', 'unchanged']);
    });

    it('an unpaid link is asked about hourly, and no longer once the booking is two days old', async () => {
      const { body } = await bookWithLink();
      const made = (await row(body.reference)).check_next_at!;
      await checkLinksOnce(work, new Date(made.getTime() + 1_000));
      const next = (await row(body.reference)).check_next_at!;
      expect(next.getTime() - made.getTime()).toBeGreaterThanOrEqual(60 * MINUTE);
      await database.db
        .updateTable('bookings')
        .set({ check_next_at: new Date(Date.now() - 1_000) })
        .where('reference', '=', body.reference)
        .execute();
      await database.db
        .updateTable('bookings')
        .set({ created_at: new Date(Date.now() - 47.5 * 60 * MINUTE) } as never)
        .where('reference', '=', body.reference)
        .execute();
      await checkLinksOnce(work, new Date());
      expect((await row(body.reference)).check_next_at).toBeNull();
    });
  });

  describe('UPI: the UTR a visitor types', () => {
    it('one UTR belongs to one booking; it stays "to verify" until a counsellor confirms it, who and when recorded; another counsellor’s booking is absent', async () => {
      const first = await book();
      const second = await book();
      const utr = `4${Date.now().toString().slice(-11)}`;
      expect((await postJson(app, BOOKING_PATHS.utr, { reference: first.body.reference, utr })).status).toBe(200);
      const taken = await postJson(app, BOOKING_PATHS.utr, { reference: second.body.reference, utr: utr.toLowerCase() });
      expect(taken.status).toBe(409);
      expect((await row(second.body.reference)).utr).toBeNull();
      expect(await row(first.body.reference)).toMatchObject({ utr, utr_status: 'to-verify', payment_status: 'payment-pending' });

      const counsellor = await memberToken(database.db, `utr.counsellor.${utr}@example.in`, 'counsellor');
      const other = await memberToken(database.db, `utr.other.${utr}@example.in`, 'counsellor');
      await database.db.updateTable('bookings').set({ assignee_id: other.id }).where('reference', '=', first.body.reference).execute();
      const confirm = (token: string) =>
        Promise.resolve(
          app.request(`${BOOKING_PATHS.payment}/${first.answer.data._id}/utr`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}` },
          }),
        );
      expect((await confirm(counsellor.token)).status).toBe(404);
      expect((await row(first.body.reference)).utr_status).toBe('to-verify');

      const res = await confirm(other.token);
      expect(res.status).toBe(200);
      expect((await res.json()).booking).toMatchObject({
        utrStatus: 'verified',
        paymentStatus: 'paid',
        paymentId: utr,
        paymentMethod: 'upi',
      });
      const stored = await row(first.body.reference);
      expect(stored).toMatchObject({ utr_status: 'verified', utr_verified_by: other.id, status: 'converted' });
      expect(stored.utr_verified_at).toBeInstanceOf(Date);
      // A booking without a UTR has nothing to confirm.
      expect(
        (
          await Promise.resolve(
            app.request(`${BOOKING_PATHS.payment}/${second.answer.data._id}/utr`, {
              method: 'POST',
              headers: { Authorization: `Bearer ${admin}` },
            }),
          )
        ).status,
      ).toBe(409);
    });
  });

  describe('bad input', () => {
    it('hostile bodies of every kind get no 5xx and change nothing; a signed body it cannot read is kept for a look', async () => {
      const { body, link } = await bookWithLink();
      const before = await row(body.reference);
      const hostile: string[] = [
        '',
        'null',
        '[]',
        '"paid"',
        '{',
        '{"event":"payment_link.paid"}',
        '{"event":"payment_link.paid","payload":{"payment_link":{"entity":null}}}',
        JSON.stringify({
          event: 'payment_link.paid',
          payload: { payment_link: { entity: { ...link, amount_paid: '249900', status: 'paid' } } },
        }),
        JSON.stringify({
          event: 'payment_link.paid',
          payload: { payment_link: { entity: { ...link, amount_paid: 1e308, status: 'paid' } } },
        }),
        JSON.stringify({
          event: 'payment_link.paid',
          payload: { payment_link: { entity: { ...link, reference_id: { $ne: null }, status: 'paid' } } },
        }),
        '['.repeat(5_000) + ']'.repeat(5_000),
        'x'.repeat(70 * 1024),
        '\u0000\uffff',
      ];
      for (const text of hostile) {
        for (const headers of [
          signedHeaders('forged', text, crypto.randomUUID()),
          signedHeaders(WEBHOOK_SECRET, text, crypto.randomUUID()),
        ]) {
          const res = await webhook(text, headers);
          expect(res.status, text.slice(0, 60)).toBeLessThan(500);
        }
      }
      expect(await row(body.reference)).toMatchObject({ payment_status: before.payment_status, status: before.status, payment_id: null });
      const kept = await events('needs-look');
      expect(kept.some((e) => e.reason === 'The body is not JSON')).toBe(true);
      expect(kept.some((e) => e.reason === 'The payment link in the event is incomplete')).toBe(true);
    });
  });
});
