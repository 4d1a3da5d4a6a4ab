// A visitor's emails come in the language of the form they used: a booking made on the
// Hindi site gets its seat, payment-link, reminder and receipt emails in Hindi, a webinar
// registration its joining link and reminder, an erasure request its link; the same forms
// on the English site (or saying nothing) get English. Read back from the mail queue as the
// worker would send them. On PGlite and, with TEST_DATABASE_URL, on Postgres.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../contract/api.ts';
import { bookingReferenceOf, NEXT_BATCH } from '../../contract/bookings.ts';
import { ERASURE_PATHS } from '../../contract/erasure.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { WEBINAR_PATHS } from '../../contract/webinars.ts';
import { paymentReminderEmail } from '../payments/reminders.ts';
import { receiptEmail, type ReceiptRow } from '../payments/receipts.ts';
import { adminToken } from '../testing/admin.ts';
import { postJson, testApp } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { paymentLinkEmail } from './booking-mail.ts';
import { remindWebinarsOnce } from './webinar-reminders.ts';

const DEVANAGARI = /[\u0900-\u097F]/;
const HOUR = 3_600_000;
const unique = () => crypto.randomUUID().slice(0, 8);
const UPI = { vpa: 'skillup@okicici', name: 'SkillUp Soft Skills Academy' };

describe.each(testBackends())('emails in the form’s language on $name', (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof testApp>['app'];
  let tasks: ReturnType<typeof testApp>['tasks'];
  let admin: string;
  const mailsTo = (email: string) =>
    database.db.selectFrom('mail_queue').select(['kind', 'subject', 'text_body', 'html_body']).where('to_address', '=', email).execute();

  beforeAll(async () => {
    database = await backend.create();
    ({ app, tasks } = testApp(database, {
      publicUrl: 'https://skillup.example.in',
      upi: UPI,
      paymentLinks: { Elevate: 'https://pay.example.in/elevate', Elite: 'https://pay.example.in/elite' },
    }));
    admin = await adminToken(database.db, 'language.admin@example.in');
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const book = (lang: string | undefined, email: string) =>
    postJson(
      app,
      LEAD_PATHS.booking,
      {
        programme: 'Soft Skill For Students',
        package: 'Elevate',
        batch: NEXT_BATCH,
        name: 'आशा राव',
        email,
        phone: '9876512340',
        reference: bookingReferenceOf(crypto.randomUUID()),
        ...(lang ? { lang } : {}),
      },
      { [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
    );

  it('a booking from the Hindi site: its email in Hindi, the reference, amount and links as written; from the English site in English', async () => {
    const hindi = `booking.hi.${unique()}@example.in`;
    expect((await book('hi', hindi)).status).toBe(201);
    const [mail] = await mailsTo(hindi);
    const row = await database.db.selectFrom('bookings').selectAll().where('email', '=', hindi).executeTakeFirstOrThrow();
    expect(row.site_language).toBe('hi');
    expect(mail!.subject).toBe(`सीट आपके लिए रखी गई: ${row.reference} — 3 दिन के अंदर भुगतान करें`);
    for (const line of [
      'नमस्ते आशा राव,',
      `Soft Skill For Students (Elevate, ${NEXT_BATCH}) में आपकी सीट आपके लिए रखी गई है।`,
      'इसे बनाए रखने के लिए 3 दिन के अंदर ₹2,499 का भुगतान करें।',
      `आपकी बुकिंग का रेफ़रेंस: ${row.reference}`,
      `ऑनलाइन भुगतान करें (कार्ड, नेट बैंकिंग, UPI): https://pay.example.in/elevate?reference=${row.reference}`,
      'UPI ID: skillup@okicici',
    ])
      expect(mail!.text_body).toContain(line);
    expect(mail!.text_body).not.toMatch(/Hello|Pay online/);
    expect(mail!.html_body).toContain(`<a href="https://pay.example.in/elevate?reference=${row.reference}">`);

    const english = `booking.en.${unique()}@example.in`;
    for (const [lang, email] of [
      ['en', english],
      [undefined, `booking.none.${unique()}@example.in`],
    ] as const) {
      expect((await book(lang, email)).status).toBe(201);
      const [en] = await mailsTo(email);
      expect(en!.subject).toMatch(/^Seat reserved: /);
      expect(en!.text_body).toContain('Pay ₹2,499 within 3 days to keep it.');
      expect(en!.text_body).toContain('Hello आशा राव,');
    }

    // The booking's later emails follow it: the payment link, the reminder, the receipt.
    const link = paymentLinkEmail(row, 'https://rzp.io/l/abc123');
    expect(link.subject).toBe(`${row.reference} के लिए आपका पेमेंट लिंक`);
    expect(link.text).toContain(`बुकिंग ${row.reference} के लिए आपका पेमेंट लिंक तैयार है: https://rzp.io/l/abc123`);
    const reminder = paymentReminderEmail(row, {
      paymentReminderAfterMinutes: 60,
      publicUrl: 'https://skillup.example.in',
      upi: UPI,
      paymentLinks: { Elevate: 'https://pay.example.in/elevate', Elite: 'https://pay.example.in/elite' },
    });
    expect(reminder.subject).toBe(`आपकी सीट इंतज़ार कर रही है: बुकिंग ${row.reference} का भुगतान करें`);
    expect(reminder.text).toContain('पर उसका ₹2,499 का भुगतान अभी हम तक नहीं पहुँचा है।');
    expect(reminder.text).toContain(`आपकी बुकिंग का पेज: https://skillup.example.in/booking/${row.reference}`);
    const receipt = receiptEmail(
      {
        id: crypto.randomUUID(),
        number: 'SU/2026-27/000042',
        reference: row.reference,
        programme: row.programme,
        package: row.package,
        amount_paise: '249900',
        payment_id: 'pay_123',
        payment_method: 'upi',
        paid_at: new Date('2026-11-27T08:35:00Z'),
      } as unknown as ReceiptRow,
      row,
    );
    expect(receipt.subject).toBe(`आपकी बुकिंग ${row.reference} की रसीद SU/2026-27/000042`);
    expect(receipt.text).toContain('आपकी सीट पक्की है।');
    expect(receipt.text).toContain('रसीद नंबर: SU/2026-27/000042');
    const englishRow = await database.db.selectFrom('bookings').selectAll().where('email', '=', english).executeTakeFirstOrThrow();
    expect(paymentLinkEmail(englishRow, 'https://rzp.io/l/x').subject).toBe(`Your payment link for ${englishRow.reference}`);
  });

  it('a webinar registration from the Hindi site: the joining link and the reminder in Hindi, the date in Hindi', async () => {
    const res = await Promise.resolve(
      app.request(WEBINAR_PATHS.admin, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          title: 'इंटरव्यू की तैयारी',
          startsAt: new Date(Date.now() + 3 * HOUR).toISOString(),
          joinUrl: 'https://meet.example.in/interview',
        }),
      }),
    );
    expect(res.status).toBe(201);
    const webinar = (await res.json()).webinar as { _id: string; startsAt: string };
    const register = (email: string, lang: string) =>
      postJson(
        app,
        LEAD_PATHS.webinar,
        { webinar: webinar._id, name: 'नेहा कपूर', email, phone: '9876500011', lang },
        { [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
      );
    const hindi = `webinar.hi.${unique()}@example.in`;
    const english = `webinar.en.${unique()}@example.in`;
    expect((await register(hindi, 'hi')).status).toBe(201);
    expect((await register(english, 'en')).status).toBe(201);
    const [join] = await mailsTo(hindi);
    expect(join!.subject).toBe('रजिस्ट्रेशन हो गया: इंटरव्यू की तैयारी');
    expect(join!.text_body).toContain('नमस्ते नेहा कपूर,');
    expect(join!.text_body).toContain('यहाँ से जुड़ें: https://meet.example.in/interview');
    expect(join!.text_body).toContain('शुरू होने से एक घंटा पहले हम आपको याद दिलाएँगे।');
    const [englishJoin] = await mailsTo(english);
    expect(englishJoin!.subject).toBe("You're registered: इंटरव्यू की तैयारी");

    // An hour before: each reminded once, in their own language.
    await sql`update webinar_registrations set created_at = ${new Date(Date.now() - 2 * HOUR)}`.execute(database.db);
    expect(await remindWebinarsOnce(database.db, new Date(Date.parse(webinar.startsAt) - 30 * 60_000))).toBeGreaterThanOrEqual(2);
    const reminder = (await mailsTo(hindi)).find((m) => m.subject.startsWith('एक घंटे में शुरू'));
    expect(reminder?.subject).toBe('एक घंटे में शुरू: इंटरव्यू की तैयारी');
    expect(reminder!.text_body).toMatch(/"इंटरव्यू की तैयारी" एक घंटे में शुरू हो रहा है \(.*[\u0900-\u097F].* IST\)।/);
    expect((await mailsTo(english)).map((m) => m.subject)).toContain('Starting in an hour: इंटरव्यू की तैयारी');
  });

  it('an erasure request from the Hindi site: its link in a Hindi email; from the English site in English', async () => {
    const hindi = `erase.hi.${unique()}@example.in`;
    const english = `erase.en.${unique()}@example.in`;
    for (const email of [hindi, english])
      expect((await postJson(app, LEAD_PATHS.freeJoin, { name: 'Ravi Kumar', phone: '9876500400', email })).status).toBe(201);
    const ask = (email: string, lang: string) =>
      postJson(app, ERASURE_PATHS.request, { email, lang }, { [IDEMPOTENCY_HEADER]: crypto.randomUUID(), 'Accept-Language': lang });
    expect((await ask(hindi, 'hi')).status).toBe(201);
    expect((await ask(english, 'en')).status).toBe(201);
    await tasks.idle();
    const [hi] = (await mailsTo(hindi)).filter((m) => m.kind === 'erasure');
    expect(hi!.subject).toBe('पुष्टि करें: अपना डेटा मिटाएँ');
    expect(hi!.text_body).toContain('इसे मिटाने के लिए 24 घंटे के अंदर यह लिंक खोलें और पुष्टि करें:');
    expect(hi!.text_body).toMatch(/https:\/\/skillup\.example\.in\/delete-my-data\?token=[A-Za-z0-9_-]{43}/);
    expect(hi!.html_body).toContain('यह लिंक एक ही बार काम करेगा।');
    const [en] = (await mailsTo(english)).filter((m) => m.kind === 'erasure');
    expect(en!.subject).toBe('Confirm: erase your data');
    expect(en!.text_body).not.toMatch(DEVANAGARI);
  });
});
