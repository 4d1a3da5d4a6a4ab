// Receipts, on PGlite and (with TEST_DATABASE_URL) Postgres: a booking paid through the
// gateway's signed webhook, its reconciliation or a counsellor's confirmed UTR gets one receipt,
// numbered in sequence per financial year in the paying transaction (twenty payments at once,
// across two app instances on one Postgres database, take twenty consecutive numbers), mailed
// once however often the webhook is replayed, with a PDF whose text pdftotext reads back: the
// academy, its GSTIN, the number, the booking, the amount in figures and in words, the payment
// id and the date in IST. The visitor downloads it by reference, the console by id.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminReceiptPath, BOOKING_PATHS, bookingReferenceOf, NEXT_BATCH, receiptPath } from '../../contract/bookings.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { isGstin, loadConfig, type AcademyConfig, type GatewayConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { createMailTransport } from '../mail/transport.ts';
import { startMailWorker } from '../mail/worker.ts';
import { adminToken, memberToken } from '../testing/admin.ts';
import { postJson, testApp } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { razorpayEvent, startRazorpayStandIn, type RazorpayStandIn } from '../testing/razorpay-standin.ts';
import { mimeLeaves, startSmtpPeer, type SmtpPeer } from '../testing/smtp.ts';
import { gatewayOf } from './gateways.ts';
import { makeLinksOnce, type PaymentWork } from './links.ts';
import { financialYearOf, issueReceipt, RECEIPT_ATTACHMENT, receiptAttachmentSource } from './receipts.ts';

const run = promisify(execFile);
const WEBHOOK_SECRET = 'whsec-receipts-0123456789';
const ACADEMY: AcademyConfig = {
  name: 'SkillUp Soft Skills Academy Pvt. Ltd.',
  address: ['2nd Floor, 14 Community Centre', 'Saket, New Delhi 110017', 'India'],
  gstin: '07AAACR5055K1Z9',
  receiptPrefix: 'SS',
};

describe('the financial year of a payment', () => {
  it('runs from 1 April to 31 March by the day in IST', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
    expect(financialYearOf(new Date('2026-11-27T06:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2099-06-01T00:00:00Z'))).toBe('2099-00');
  });
});

describe.each(testBackends())('receipts on $name', (backend) => {
  let database: TestDatabase;
  let second: DatabaseHandle | undefined;
  let standIn: RazorpayStandIn;
  let peer: SmtpPeer;
  let dir: string;
  let apps: Array<ReturnType<typeof testApp>['app']>;
  let work: PaymentWork;
  let admin: string;

  beforeAll(async () => {
    standIn = await startRazorpayStandIn();
    peer = await startSmtpPeer();
    dir = await mkdtemp(path.join(tmpdir(), 'receipts-'));
    database = await backend.create();
    const gateway: GatewayConfig = {
      kind: 'razorpay',
      apiUrl: standIn.url,
      keyId: standIn.keyId,
      keySecret: standIn.keySecret,
      webhookSecret: WEBHOOK_SECRET,
      callTimeoutMs: 5_000,
    };
    const config = { gateway, academy: ACADEMY };
    // Two instances on one database: on Postgres each has its own pool, as two servers would.
    second = database.url ? await openDatabase({ databaseUrl: database.url, dataDir: '' }) : undefined;
    apps = [testApp(database, config).app, testApp(second ? { ...database, ...second } : database, config).app];
    work = { db: database.db, gateway: gatewayOf({ gateway })!, publicUrl: 'http://test.local', log: () => {}, receiptPrefix: 'SS' };
    admin = await adminToken(database.db, 'receipts.admin@example.in');
  });
  afterAll(async () => {
    await second?.close();
    await standIn?.close();
    await peer?.close();
    await database?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const book = async (over: object = {}) => {
    const body = {
      programme: 'Soft Skill For Students',
      package: 'Elevate',
      batch: NEXT_BATCH,
      name: 'Meera Receipt',
      email: `meera.${crypto.randomUUID().slice(0, 8)}@example.in`,
      phone: '9876512345',
      reference: bookingReferenceOf(crypto.randomUUID()),
      ...over,
    };
    const res = await postJson(apps[0]!, LEAD_PATHS.booking, body);
    expect(res.status).toBe(201);
    return { body, id: ((await res.json()) as { data: { _id: string } }).data._id };
  };
  const linkOf = (reference: string) => [...standIn.links.values()].find((l) => l.reference_id === reference)!;
  const makeLinks = async () => {
    while ((await makeLinksOnce(work, new Date())) > 0);
  };
  const webhook = (app: (typeof apps)[number], event: { body: string; headers: Record<string, string> }) =>
    Promise.resolve(app.request(BOOKING_PATHS.razorpayWebhook, { method: 'POST', headers: event.headers, body: event.body }));
  const receiptMails = (email: string) =>
    database.db.selectFrom('mail_queue').selectAll().where('to_address', '=', email).where('kind', '=', 'receipt').execute();
  const pdfText = async (pdf: Buffer, name: string) => {
    const file = path.join(dir, `${name}.pdf`);
    await writeFile(file, pdf);
    return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;
  };

  it('a webhook replayed ten times (and sent again under new ids) leaves one receipt, whose PDF reaches the SMTP peer and reads as a receipt', async () => {
    const { body } = await book({ name: 'मीरा Shārma' });
    await makeLinks();
    const link = linkOf(body.reference);
    const payment = standIn.pay(link.id, { method: 'upi' });
    const event = razorpayEvent(WEBHOOK_SECRET, 'payment_link.paid', link, payment);
    for (let i = 0; i < 10; i++) expect((await webhook(apps[i % 2]!, event)).status).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await webhook(apps[0]!, razorpayEvent(WEBHOOK_SECRET, 'payment_link.paid', link, payment))).status).toBe(200);

    const mails = await receiptMails(body.email);
    expect(mails).toHaveLength(1);
    const receipt = await database.db.selectFrom('receipts').selectAll().where('reference', '=', body.reference).executeTakeFirstOrThrow();
    expect(receipt.number).toMatch(/^SS\/20\d\d-\d\d\/\d{6}$/);
    expect(mails[0]!.subject).toBe(`Receipt ${receipt.number} for your booking ${body.reference}`);
    expect(mails[0]!.text_body).toContain('₹2,499 (Rupees Two Thousand Four Hundred Ninety Nine only)');

    // Sent over real SMTP, the PDF made by the worker's receipt source.
    const worker = startMailWorker({
      db: database.db,
      transport: createMailTransport(
        { smtpUrl: peer.url, mailFrom: 'SkillUp <no-reply@test.local>', publicUrl: 'http://test.local', dataDir: dir },
        () => {},
      ),
      log: () => {},
      pollMs: 0,
      attachmentSources: { [RECEIPT_ATTACHMENT]: receiptAttachmentSource(database.db, ACADEMY) },
    });
    while ((await worker.drainOnce()).claimed > 0);
    await worker.stop();
    const got = peer.received.filter((m) => m.to.includes(body.email) && m.raw.includes('Receipt SS'));
    expect(got).toHaveLength(1);
    const pdf = mimeLeaves(got[0]!.raw).find((l) => l.contentType === 'application/pdf')!;
    expect(pdf.filename).toBe(`receipt-${receipt.number.replace(/\//g, '-')}.pdf`);
    const text = await pdfText(pdf.content, 'mailed');
    const paidOn = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' }).format(
      new Date(payment.created_at * 1000),
    );
    for (const expected of [
      ACADEMY.name,
      'Saket, New Delhi 110017',
      `GSTIN: ${ACADEMY.gstin}`,
      'Payment receipt',
      `Receipt number: ${receipt.number}`,
      'मीरा Shārma',
      body.reference,
      'Soft Skill For Students',
      'Elevate',
      payment.id,
      'UPI',
      `${paidOn}, `,
      ' IST',
      'Amount received: ₹2,499',
      'Rupees Two Thousand Four Hundred Ninety Nine only',
    ])
      expect(text, expected).toContain(expected);
  });

  it('twenty bookings paid at once, across two instances, take twenty consecutive numbers', async () => {
    const booked: Array<Awaited<ReturnType<typeof book>>> = [];
    for (let i = 0; i < 20; i++) booked.push(await book());
    await makeLinks();
    const before = await database.db.selectFrom('receipts').select(['sequence', 'financial_year']).execute();
    const events = booked.map(({ body }) => {
      const link = linkOf(body.reference);
      return razorpayEvent(WEBHOOK_SECRET, 'payment_link.paid', link, standIn.pay(link.id));
    });
    const answers = await Promise.all(events.map((e, i) => webhook(apps[i % 2]!, e)));
    expect(answers.map((a) => a.status)).toEqual(events.map(() => 200));

    const rows = await database.db.selectFrom('receipts').selectAll().orderBy('sequence').execute();
    const fresh = rows.filter((r) => booked.some((b) => b.body.reference === r.reference));
    expect(fresh).toHaveLength(20);
    const last = Math.max(0, ...before.map((r) => r.sequence));
    expect(fresh.map((r) => r.sequence)).toEqual(Array.from({ length: 20 }, (_, i) => last + 1 + i));
    expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);
    for (const { body } of booked) expect(await receiptMails(body.email)).toHaveLength(1);
  });

  it('a payment rolled back gives its number back: the next receipt takes it', async () => {
    const a = await book();
    const b = await book();
    const rowOf = (id: string) => database.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const payment = { id: 'pay_RolledBack0001', method: 'card', paidAt: new Date() };
    // Read before the transactions: PGlite has one connection, which a transaction holds.
    const [rowA, rowB] = [await rowOf(a.id), await rowOf(b.id)];
    const rolledBack = await database.db
      .transaction()
      .execute(async (trx) => {
        const issued = await issueReceipt(trx, rowA, payment, 'SS', new Date());
        throw Object.assign(new Error('the paying transaction failed after numbering'), { issued });
      })
      .catch((err: { issued: { sequence: number } }) => err.issued);
    const kept = await database.db.transaction().execute(async (trx) => issueReceipt(trx, rowB, payment, 'SS', new Date()));
    expect(kept!.sequence).toBe(rolledBack.sequence);
    expect(await database.db.selectFrom('receipts').select('id').where('booking_id', '=', a.id).execute()).toEqual([]);
  });

  it('a counsellor’s confirmed UTR is a payment too: one receipt, its payment id the UTR', async () => {
    const { body, id } = await book();
    const utr = `5${Date.now().toString().slice(-11)}`;
    expect((await postJson(apps[0]!, BOOKING_PATHS.utr, { reference: body.reference, utr })).status).toBe(200);
    const confirm = () =>
      Promise.resolve(
        apps[1]!.request(`${BOOKING_PATHS.payment}/${id}/utr`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` } }),
      );
    expect((await confirm()).status).toBe(200);
    expect((await confirm()).status).toBe(200);
    const mails = await receiptMails(body.email);
    expect(mails).toHaveLength(1);
    const receipt = await database.db.selectFrom('receipts').selectAll().where('booking_id', '=', id).executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({ payment_id: utr, payment_method: 'upi' });
    expect(mails[0]!.text_body).toContain(`(UPI)`);
  });

  it('a booking an admin marks paid by hand gets the same receipt, in its language, once: the webhook arriving later mails nothing more', async () => {
    const { body, id } = await book({ lang: 'hi' });
    await makeLinks();
    const mark = (paymentStatus: string) =>
      Promise.resolve(
        apps[1]!.request(`${BOOKING_PATHS.payment}/${id}`, {
          method: 'PATCH',
          headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ paymentStatus }),
        }),
      );
    expect((await mark('paid')).status).toBe(200);
    expect((await mark('paid')).status).toBe(200);
    expect((await mark('enrolled')).status).toBe(200);
    const receipt = await database.db.selectFrom('receipts').selectAll().where('booking_id', '=', id).executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({ payment_id: body.reference, payment_method: 'manual' });
    const mails = await receiptMails(body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`आपकी बुकिंग ${body.reference} की रसीद ${receipt.number}`);
    // The method in words, never the code the database keeps.
    expect(mails[0]!.text_body).toContain(`भुगतान: ${body.reference} (अकादमी ने पुष्टि की)`);
    expect(mails[0]!.text_body).not.toContain('manual');
    expect(await database.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toMatchObject({
      payment_status: 'enrolled',
      status: 'converted',
    });

    const link = linkOf(body.reference);
    const payment = standIn.pay(link.id, { method: 'upi' });
    expect((await webhook(apps[0]!, razorpayEvent(WEBHOOK_SECRET, 'payment_link.paid', link, payment))).status).toBe(200);
    expect(await receiptMails(body.email)).toHaveLength(1);
    const event = await database.db
      .selectFrom('payment_events')
      .selectAll()
      .where('reference', '=', body.reference)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ outcome: 'needs-look', reason: `Already paid by hand; ${payment.id} is a second payment` });
  });

  it('a booking paid straight to enrolled by hand gets its receipt too', async () => {
    const { body, id } = await book();
    const res = await apps[0]!.request(`${BOOKING_PATHS.payment}/${id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ paymentStatus: 'enrolled' }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).booking).toMatchObject({ paymentStatus: 'enrolled' });
    const mails = await receiptMails(body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Receipt SS\//);
    expect(mails[0]!.text_body).toContain(`Payment: ${body.reference} (Confirmed by the academy)`);
  });

  it('the visitor downloads the receipt by reference once paid; the console by id, only on bookings the member may see', async () => {
    const { body, id } = await book();
    const pdfOf = (res: Response) => res.arrayBuffer().then((b) => Buffer.from(b));
    const unpaid = await apps[0]!.request(receiptPath(body.reference));
    expect(unpaid.status).toBe(404);
    expect((await unpaid.json()).message).toMatch(/no receipt yet/);
    expect((await apps[0]!.request(receiptPath('SU-0000000000'))).status).toBe(404);
    expect((await apps[0]!.request(receiptPath('../../etc'))).status).toBe(404);

    await makeLinks();
    const link = linkOf(body.reference);
    const payment = standIn.pay(link.id, { method: 'card' });
    expect((await webhook(apps[0]!, razorpayEvent(WEBHOOK_SECRET, 'payment_link.paid', link, payment))).status).toBe(200);
    const state = await (await apps[0]!.request(`${BOOKING_PATHS.status}/${body.reference}`)).json();
    expect(state.receiptNumber).toMatch(/^SS\/\d{4}-\d\d\/\d{6}$/);

    const visitor = await apps[0]!.request(receiptPath(body.reference));
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get('content-type')).toBe('application/pdf');
    expect(visitor.headers.get('cache-control')).toBe('private, no-store');
    expect(visitor.headers.get('content-disposition')).toContain(`receipt-${state.receiptNumber.replace(/\//g, '-')}.pdf`);
    expect(await pdfText(await pdfOf(visitor), 'visitor')).toContain(`Receipt number: ${state.receiptNumber}`);

    const asAdmin = await apps[1]!.request(adminReceiptPath(id), { headers: { Authorization: `Bearer ${admin}` } });
    expect(asAdmin.status).toBe(200);
    expect(await pdfText(await pdfOf(asAdmin), 'admin')).toContain(payment.id);
    const counsellor = await memberToken(database.db, `receipt.counsellor.${crypto.randomUUID().slice(0, 6)}@example.in`, 'counsellor');
    const owner = await memberToken(database.db, `receipt.owner.${crypto.randomUUID().slice(0, 6)}@example.in`, 'counsellor');
    await database.db.updateTable('bookings').set({ assignee_id: owner.id }).where('id', '=', id).execute();
    expect((await apps[0]!.request(adminReceiptPath(id), { headers: { Authorization: `Bearer ${counsellor.token}` } })).status).toBe(404);
    expect((await apps[0]!.request(adminReceiptPath(id), { headers: { Authorization: `Bearer ${owner.token}` } })).status).toBe(200);
    expect((await apps[0]!.request(adminReceiptPath(id))).status).toBe(401);
  });

  it('each try of a receipt by reference counts against the address’s public allowance, so references cannot be tried in bulk', async () => {
    const limited = testApp(database, { academy: ACADEMY, postRateLimitPerMinute: 3 }).app;
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await limited.request(receiptPath(bookingReferenceOf(crypto.randomUUID())))).status);
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
  });
});

describe('what a receipt is from, as configured', () => {
  it('reads ACADEMY_NAME, ACADEMY_ADDRESS (";" between lines), GSTIN and RECEIPT_PREFIX, and refuses a GSTIN whose check character is wrong', () => {
    const base = { PORT: '0', DATA_DIR: '/tmp/unused-test-data' };
    expect(loadConfig(base).academy).toEqual({
      name: 'SkillUp Soft Skills Academy',
      address: ['2nd Floor, 14 Community Centre', 'Saket, New Delhi 110017', 'India'],
      gstin: undefined,
      receiptPrefix: 'SS',
    });
    const set = loadConfig({
      ...base,
      ACADEMY_NAME: 'SkillUp Learning Pvt Ltd',
      ACADEMY_ADDRESS: 'Plot 4; Pune 411001',
      GSTIN: '27aapfu0939f1zv',
      RECEIPT_PREFIX: 'SU',
    });
    expect(set.academy).toEqual({
      name: 'SkillUp Learning Pvt Ltd',
      address: ['Plot 4', 'Pune 411001'],
      gstin: '27AAPFU0939F1ZV',
      receiptPrefix: 'SU',
    });
    expect(isGstin('29AAGCB7383J1Z4')).toBe(true);
    expect(() => loadConfig({ ...base, GSTIN: '27AAPFU0939F1ZW' })).toThrow(/check character/);
    expect(() => loadConfig({ ...base, RECEIPT_PREFIX: 'SS/' })).toThrow(/RECEIPT_PREFIX/);
    expect(() => loadConfig({ ...base, PAYMENT_REMINDER_AFTER_MINUTES: '0' })).toThrow(/PAYMENT_REMINDER_AFTER_MINUTES/);
    expect(loadConfig({ ...base, PAYMENT_REMINDER_AFTER_MINUTES: '30' }).paymentReminderAfterMinutes).toBe(30);
  });
});
