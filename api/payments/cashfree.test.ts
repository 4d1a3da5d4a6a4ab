// Cashfree as the second gateway behind the same interface, on PGlite and (with
// TEST_DATABASE_URL) Postgres, against a stand-in of Cashfree's documented API on 127.0.0.1:
// the link (its own headers, rupees, INR, the reference as link_id), the signed webhook
// (base64 HMAC-SHA256 of timestamp + raw body) applied once, rupees believed only as the
// booking's whole amount, and a missed webhook reconciled with the link's order's payment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, bookingReferenceOf, NEXT_BATCH } from '../../contract/bookings.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { loadConfig, type GatewayConfig } from '../config.ts';
import { postJson, testApp } from '../testing/app.ts';
import { cashfreeEvent, startCashfreeStandIn, type CashfreeStandIn } from '../testing/cashfree-standin.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { paiseOfRupees, paymentMethodOf } from './cashfree.ts';
import { gatewayOf } from './gateways.ts';
import { checkLinksOnce, makeLinksOnce, type PaymentWork } from './links.ts';

const MINUTE = 60_000;

it('reads rupee amounts exactly, and refuses what is not one', () => {
  expect(paiseOfRupees('2499.00')).toBe(249900);
  expect(paiseOfRupees('2499.5')).toBe(249950);
  expect(paiseOfRupees(2499)).toBe(249900);
  for (const bad of ['2499.001', '-1', '1e3', '', ' ', 'abc', null, {}, Number.NaN]) expect(paiseOfRupees(bad)).toBeUndefined();
});

it('reads how a payment was made from its payment_group, else its payment_method object, in the receipt’s words', () => {
  // Cashfree's documented payment entity (GET /orders/{order_id}/payments, the payment webhook).
  const documented = {
    cf_payment_id: '1453002795',
    payment_status: 'SUCCESS',
    payment_amount: 1,
    payment_currency: 'INR',
    payment_message: '00::Transaction success',
    payment_time: '2022-12-15T12:20:29+05:30',
    bank_reference: '234928698581',
    auth_id: null,
    payment_method: { upi: { channel: 'collect', upi_id: 'suhasg6@ybl' } },
    payment_group: 'upi',
  };
  expect(paymentMethodOf(documented)).toBe('upi');
  expect(paymentMethodOf({ ...documented, payment_group: 'credit_card' })).toBe('card');
  expect(paymentMethodOf({ ...documented, payment_group: 'net_banking' })).toBe('netbanking');
  expect(paymentMethodOf({ ...documented, payment_group: 'cardless_emi' })).toBe('emi');
  expect(paymentMethodOf({ payment_method: { app: { provider: 'paytm' } } })).toBe('wallet');
  expect(paymentMethodOf({ payment_method: { netbanking: { netbanking_bank_code: 3021 } } })).toBe('netbanking');
  expect(paymentMethodOf({ order_id: 'CFPay_x', transaction_id: 1021206 })).toBeUndefined();
});

it('takes one gateway at a time, and its keys in pairs', () => {
  const base = { PORT: '0' };
  expect(loadConfig({ ...base, CASHFREE_APP_ID: 'a', CASHFREE_SECRET_KEY: 'b' }).gateway).toMatchObject({
    kind: 'cashfree',
    apiUrl: 'https://api.cashfree.com',
  });
  expect(() => loadConfig({ ...base, CASHFREE_APP_ID: 'a' })).toThrow(/go together/);
  expect(() =>
    loadConfig({ ...base, CASHFREE_APP_ID: 'a', CASHFREE_SECRET_KEY: 'b', RAZORPAY_KEY_ID: 'c', RAZORPAY_KEY_SECRET: 'd' }),
  ).toThrow(/One payment gateway at a time/);
});

describe.each(testBackends())('payments through Cashfree on $name', (backend) => {
  let database: TestDatabase;
  let standIn: CashfreeStandIn;
  let app: ReturnType<typeof testApp>['app'];
  let work: PaymentWork;

  beforeAll(async () => {
    standIn = await startCashfreeStandIn();
    database = await backend.create();
    const gateway: GatewayConfig = {
      kind: 'cashfree',
      apiUrl: standIn.url,
      appId: standIn.appId,
      secretKey: standIn.secretKey,
      callTimeoutMs: 2_000,
    };
    app = testApp(database, { gateway }).app;
    work = { db: database.db, gateway: gatewayOf({ gateway })!, publicUrl: 'http://test.local', log: () => {}, receiptPrefix: 'SS' };
  });
  afterAll(async () => {
    await standIn?.close();
    await database?.dispose();
  });

  const bookWithLink = async () => {
    const reference = bookingReferenceOf(crypto.randomUUID());
    const res = await postJson(app, LEAD_PATHS.booking, {
      programme: 'Soft Skill For Students',
      package: 'Elevate',
      batch: NEXT_BATCH,
      name: 'Kavya Cashfree',
      email: `kavya.${reference.slice(3)}@example.in`,
      phone: '9876512346',
      reference,
    });
    expect(res.status).toBe(201);
    await makeLinksOnce(work, new Date());
    return { reference, link: standIn.links.get(reference)! };
  };
  const row = (reference: string) =>
    database.db.selectFrom('bookings').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
  const webhook = (e: { body: string; headers: Record<string, string> }) =>
    Promise.resolve(app.request(BOOKING_PATHS.cashfreeWebhook, { method: 'POST', headers: e.headers, body: e.body }));

  it('makes the link with its own headers, the amount in rupees from the price list, INR and the reference as link_id', async () => {
    const { reference, link } = await bookWithLink();
    const sent = standIn.requests.find((r) => r.method === 'POST' && (r.body as { link_id?: string }).link_id === reference)!;
    expect(sent.headers).toMatchObject({
      'x-client-id': standIn.appId,
      'x-client-secret': standIn.secretKey,
      'x-api-version': '2023-08-01',
    });
    expect(sent.body).toMatchObject({
      link_amount: 2499,
      link_currency: 'INR',
      link_meta: { return_url: `http://test.local/booking/${reference}` },
    });
    expect(standIn.refusals).toEqual([]);
    expect(await (await app.request(`${BOOKING_PATHS.status}/${reference}`)).json()).toMatchObject({ paymentUrl: link.link_url });
  });

  it('a signed PAID event pays the booking once; a forged one is 400; the Razorpay webhook takes nothing here', async () => {
    const { reference, link } = await bookWithLink();
    const paid = standIn.pay(link.link_id, { group: 'upi' });
    const event = cashfreeEvent(standIn.secretKey, link, paid);
    const forged = cashfreeEvent('not-the-key', link, paid);
    expect((await webhook(forged)).status).toBe(400);
    expect((await row(reference)).payment_status).toBe('payment-pending');
    const razorpay = await app.request(BOOKING_PATHS.razorpayWebhook, { method: 'POST', headers: event.headers, body: event.body });
    expect(razorpay.status).toBe(404);
    for (let i = 0; i < 3; i++) expect((await webhook(event)).status).toBe(200);
    expect(await row(reference)).toMatchObject({
      payment_status: 'paid',
      payment_id: String(paid.paymentId),
      payment_method: 'upi',
      status: 'converted',
    });
    const receipt = await database.db.selectFrom('receipts').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
    expect(receipt.payment_method).toBe('upi');
    const recorded = await database.db.selectFrom('payment_events').select('outcome').where('reference', '=', reference).execute();
    expect(recorded).toEqual([{ outcome: 'applied' }]);
  });

  it('paise where rupees are expected is kept for a look and pays nothing', async () => {
    const { reference, link } = await bookWithLink();
    const paid = standIn.pay(link.link_id);
    const event = cashfreeEvent(standIn.secretKey, link, paid, { link_amount_paid: '249900.00' });
    expect((await webhook(event)).status).toBe(200);
    expect((await row(reference)).payment_status).toBe('payment-pending');
    const kept = await database.db.selectFrom('payment_events').select(['outcome', 'reason']).where('reference', '=', reference).execute();
    expect(kept).toEqual([{ outcome: 'needs-look', reason: 'Paid 24990000 paise; the booking is 249900 paise' }]);
  });

  it('a missed webhook is reconciled from the link, its order and its payment', async () => {
    const { reference, link } = await bookWithLink();
    const paid = standIn.pay(link.link_id, { group: 'credit_card' });
    const due = new Date(Date.now() + 16 * MINUTE);
    while ((await checkLinksOnce(work, due)) > 0);
    expect(await row(reference)).toMatchObject({
      payment_status: 'paid',
      payment_id: String(paid.paymentId),
      payment_method: 'card',
    });
  });

  it('a paid event whose payments Cashfree cannot show still pays the booking, its method unknown', async () => {
    const { reference, link } = await bookWithLink();
    const paid = standIn.pay(link.link_id, { group: 'net_banking' });
    // Signed by the key, about an order the API does not know: asked, it answers 404.
    const event = cashfreeEvent(standIn.secretKey, link, { ...paid, orderId: 'CFPay_missing_order' });
    expect((await webhook(event)).status).toBe(200);
    expect(await row(reference)).toMatchObject({ payment_status: 'paid', payment_method: 'unknown' });
  });

  it('a paid event reads its method from the order’s payments: net banking, a wallet', async () => {
    for (const [group, method] of [
      ['net_banking', 'netbanking'],
      ['wallet', 'wallet'],
    ]) {
      const { reference, link } = await bookWithLink();
      const paid = standIn.pay(link.link_id, { group });
      expect((await webhook(cashfreeEvent(standIn.secretKey, link, paid))).status).toBe(200);
      expect(await row(reference)).toMatchObject({ payment_status: 'paid', payment_method: method });
    }
  });
});
