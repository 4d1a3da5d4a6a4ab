// A receipt for a booking made on the Hindi site says its amount in Hindi words: the email in
// Hindi throughout ("₹1,25,050 (एक लाख पच्चीस हज़ार पचास रुपये)"), the PDF with the Hindi
// words under the English ones (read back by pdftotext); a booking from the English site keeps
// English words only. On PGlite and, with TEST_DATABASE_URL, on Postgres.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../contract/api.ts';
import { bookingReferenceOf, NEXT_BATCH } from '../../contract/bookings.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import type { AcademyConfig } from '../config.ts';
import { postJson, testApp } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';
import { issueReceipt, receiptDocument, receiptEmail } from './receipts.ts';

const run = promisify(execFile);
const ACADEMY: AcademyConfig = {
  name: 'SkillUp Soft Skills Academy Pvt. Ltd.',
  address: ['2nd Floor, 14 Community Centre', 'Saket, New Delhi 110017', 'India'],
  gstin: undefined,
  receiptPrefix: 'HI',
};
/** ₹1,25,050.50: lakh, thousand, tens and paise in one amount. */
const AMOUNT_PAISE = 1_25_050 * 100 + 50;
const HINDI_WORDS = 'एक लाख पच्चीस हज़ार पचास रुपये और पचास पैसे';
const ENGLISH_WORDS = 'Rupees One Lakh Twenty Five Thousand Fifty and Fifty Paise only';

describe.each(testBackends())('a receipt’s amount in words, in the booking’s language, on $name', (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof testApp>['app'];
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'receipt-language-'));
    database = await backend.create();
    ({ app } = testApp(database, {}));
  });
  afterAll(async () => {
    await database?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A booking from the site in `lang`, paid, with its receipt issued as the paying transaction issues it. */
  const paidBooking = async (lang: 'hi' | 'en') => {
    const email = `receipt.${lang}.${crypto.randomUUID().slice(0, 8)}@example.in`;
    const body = {
      programme: 'Soft Skill For Students',
      package: 'Elite',
      batch: NEXT_BATCH,
      name: 'सुनीता यादव',
      email,
      phone: '9876512399',
      reference: bookingReferenceOf(crypto.randomUUID()),
      lang,
    };
    expect((await postJson(app, LEAD_PATHS.booking, body, { [IDEMPOTENCY_HEADER]: crypto.randomUUID() })).status).toBe(201);
    const booking = await database.db.selectFrom('bookings').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    const payment = { id: `pay_${lang}`, method: 'upi', paidAt: new Date('2026-11-27T08:35:00Z') };
    // The price list's amount, made to hold paise too, so the words say every unit.
    const receipt = await database.db.transaction().execute((trx) => issueReceipt(trx, booking, payment, 'HI', new Date()));
    await database.db.updateTable('receipts').set({ amount_paise: AMOUNT_PAISE }).where('id', '=', receipt!.id).execute();
    return { booking, receipt: { ...receipt!, amount_paise: String(AMOUNT_PAISE) } };
  };

  const pdfText = async (pdf: Buffer, name: string) => {
    const file = path.join(dir, `${name}.pdf`);
    await writeFile(file, pdf);
    return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout.replace(/\s+/g, ' ');
  };

  it('from the Hindi site: the email and the PDF say it in Hindi words', async () => {
    const { booking, receipt } = await paidBooking('hi');
    const mail = receiptEmail(receipt, booking);
    expect(mail.text).toContain(`₹1,25,050.50 (${HINDI_WORDS})`);
    expect(mail.text).not.toMatch(/Rupees|only/);

    const document = await receiptDocument(database.db, { bookingId: booking.id }, ACADEMY);
    expect(document?.language).toBe('hi');
    const text = await pdfText(await renderReceiptPdf(document!), 'hindi');
    expect(text).toContain('Amount received: ₹1,25,050.50');
    expect(text).toContain(ENGLISH_WORDS);
    expect(text).toContain(HINDI_WORDS);
  });

  it('from the English site: English words only', async () => {
    const { booking, receipt } = await paidBooking('en');
    expect(receiptEmail(receipt, booking).text).toContain(`₹1,25,050.50 (${ENGLISH_WORDS})`);
    const document = await receiptDocument(database.db, { bookingId: booking.id }, ACADEMY);
    const text = await pdfText(await renderReceiptPdf(document!), 'english');
    expect(text).toContain(ENGLISH_WORDS);
    expect(text).not.toContain('रुपये');
  });
});
