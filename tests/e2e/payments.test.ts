// A seat paid through the gateway, in Chromium at 390 px against the production build,
// whose Razorpay is a stand-in of its documented API on 127.0.0.1 (the server speaks HTTP
// to it as it would to Razorpay): Buy now → the booking → "link on its way", then the
// booking's own link → the gateway takes the payment and sends its signed webhook → the
// confirmation and the visitor's booking page (the link's callback_url) say Paid, and offer
// the receipt; the receipt email with its PDF reaches a real SMTP peer once, however often the
// webhook is replayed. Its own server: a gateway changes what every booking's confirmation offers.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { MailQueueEntry } from '../../contract/admin.ts';
import { BOOKING_PATHS } from '../../contract/bookings.ts';
import { mimeLeaves, startSmtpPeer, type SmtpPeer } from '../../api/testing/smtp.ts';
import { razorpayEvent, startRazorpayStandIn, type RazorpayStandIn } from '../../api/testing/razorpay-standin.ts';
import { adminApi, adminEnv, consoleLogin, TEST_ADMIN } from '../support/console.ts';
import { gotoLive } from '../support/pwa.ts';
import { NO_SERVICE_WORKER, fillFields, unique, useSite } from '../support/site.ts';
import { docShot } from '../support/shots.ts';

const WEBHOOK_SECRET = 'e2e-webhook-secret-0123456789';
const run = promisify(execFile);
let standIn: RazorpayStandIn;
let peer: SmtpPeer;
let dir: string;
// Before the site's own beforeAll: its environment names the stand-in's and the peer's addresses.
beforeAll(async () => {
  standIn = await startRazorpayStandIn();
  peer = await startSmtpPeer();
  dir = await mkdtemp(path.join(tmpdir(), 'e2e-receipt-'));
});
afterAll(async () => {
  await standIn?.close();
  await peer?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});
const pdfText = async (pdf: Buffer, name: string) => {
  const file = path.join(dir, `${name}.pdf`);
  await writeFile(file, pdf);
  return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;
};
const site = useSite(
  {
    env: (port) => ({
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PUBLIC_RATE_LIMIT_PER_MINUTE: '0',
      RAZORPAY_KEY_ID: standIn.keyId,
      RAZORPAY_KEY_SECRET: standIn.keySecret,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_API_URL: standIn.url,
      SMTP_URL: peer.url,
      GSTIN: '07AAACR5055K1Z9',
      ...adminEnv(),
    }),
  },
  NO_SERVICE_WORKER,
);

describe('a seat paid through the gateway at 390 px', () => {
  it('Buy now → the booking → its own link → the signed webhook, replayed ten times → the booking page says Paid, and one receipt with its PDF reaches the SMTP peer', async () => {
    const { page, errors } = await site.page({ viewport: { width: 390, height: 844 } });
    await gotoLive(page, `${site.url}/course/soft-skills`);
    await page.getByRole('button', { name: 'Buy now' }).click();
    const form = page.getByTestId('booking-form');
    await form.waitFor();
    const email = `gateway.${unique()}@example.in`;
    await fillFields(form, { Name: 'Gauri Gateway', Email: email, Phone: '98765 43210' });
    await page.getByRole('button', { name: 'Book my seat' }).click();
    const reference = (await page.getByTestId('booking-reference').textContent())!;

    // The link is made after the booking is stored; the page shows it as soon as it exists.
    const pay = page.getByTestId('payment-link');
    await pay.waitFor({ timeout: 20_000 });
    const link = [...standIn.links.values()].find((l) => l.reference_id === reference)!;
    expect(link).toMatchObject({ amount: 249900, currency: 'INR', callback_url: `${site.url}/booking/${reference}` });
    expect(await pay.getAttribute('href')).toBe(link.short_url);
    await docShot(page, 'payment-link-390');

    const payment = standIn.pay(link.id, { method: 'upi' });
    const event = razorpayEvent(WEBHOOK_SECRET, 'payment_link.paid', link, payment);
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${site.url}${BOOKING_PATHS.razorpayWebhook}`, { method: 'POST', headers: event.headers, body: event.body });
      expect(res.status).toBe(200);
    }
    await page.getByTestId('payment-paid').waitFor({ timeout: 20_000 });

    // The receipt, over real SMTP, with its PDF.
    const receipts = () => peer.received.filter((m) => m.to.includes(email) && /Subject: Receipt /.test(m.raw));
    await expect.poll(() => receipts().length, { timeout: 20_000 }).toBe(1);
    const leaves = mimeLeaves(receipts()[0]!.raw);
    const pdf = leaves.find((l) => l.contentType === 'application/pdf')!;
    const mailed = await pdfText(pdf.content, 'mailed');
    for (const expected of [
      'SkillUp Soft Skills Academy',
      'GSTIN: 07AAACR5055K1Z9',
      reference,
      'Amount received: ₹2,499',
      'Rupees Two Thousand Four Hundred Ninety Nine only',
      payment.id,
    ])
      expect(mailed, expected).toContain(expected);
    const number = /Receipt number: (SS\/\d{4}-\d\d\/\d{6})/.exec(mailed)![1]!;
    // Every replay answered before the receipt was looked for; the queue holds that one receipt, sent.
    const queue = await adminApi(site, TEST_ADMIN)<{ data: MailQueueEntry[] }>('/api/admin/mail');
    expect(queue.data.filter((m) => m.to === email && m.kind === 'receipt').map((m) => m.status)).toEqual(['sent']);

    // Where Razorpay sends the visitor back after paying.
    await page.goto(link.callback_url);
    await page.getByTestId('booking-page').waitFor();
    expect(await page.getByTestId('booking-status').getAttribute('data-status')).toBe('paid');
    expect(await page.getByTestId('booking-status').textContent()).toBe('Paid');
    // The page offers the same receipt for download.
    const offered = page.getByTestId('booking-receipt');
    expect(await offered.textContent()).toContain(`Receipt ${number}`);
    const download = page.waitForEvent('download');
    await offered.getByRole('link', { name: 'Download the receipt (PDF)' }).click();
    const saved = await (await download).path();
    expect(await pdfText(await readFile(saved!), 'downloaded')).toContain(`Receipt number: ${number}`);
    await docShot(page, 'booking-paid-390');
    expect(errors).toEqual([]);

    // The console's booking detail downloads the same receipt with the admin's session.
    const consolePage = await site.page({ viewport: { width: 1366, height: 900 } });
    await consoleLogin(site, consolePage.page, TEST_ADMIN);
    await consolePage.page.goto(`${site.url}/admin/bookings?q=${reference}`);
    await consolePage.page
      .getByRole('button', { name: /Gauri Gateway/ })
      .first()
      .click();
    const receiptButton = consolePage.page.getByRole('button', { name: 'Download the receipt (PDF)' });
    await receiptButton.waitFor();
    const consoleDownload = consolePage.page.waitForEvent('download');
    await receiptButton.click();
    const fromConsole = await (await consoleDownload).path();
    expect(await pdfText(await readFile(fromConsole!), 'console')).toContain(`Receipt number: ${number}`);
    await docShot(consolePage.page, 'booking-receipt-console-1366');
    expect(consolePage.errors).toEqual([]);
  });

  it('an event that does not bear out its booking pays nothing and is listed for admins under Payments to check', async () => {
    const reference = `SU-${crypto.randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
    const booked = await fetch(`${site.url}/api/v1/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        programme: 'Soft Skill For Students',
        package: 'Elevate',
        batch: 'Next available batch',
        name: 'Rupa Rupees',
        email: `rupees.${unique()}@example.in`,
        phone: '9876543211',
        reference,
      }),
    });
    expect(booked.status).toBe(201);
    await expect.poll(() => [...standIn.links.values()].some((l) => l.reference_id === reference), { timeout: 20_000 }).toBe(true);
    const link = [...standIn.links.values()].find((l) => l.reference_id === reference)!;
    // Rupees where paise are expected: ₹24.99 paid for a ₹2,499 seat.
    const payment = standIn.pay(link.id, { amount: 2499 });
    const event = razorpayEvent(WEBHOOK_SECRET, 'payment_link.paid', { ...link, status: 'paid', amount_paid: 2499 }, payment);
    const res = await fetch(`${site.url}${BOOKING_PATHS.razorpayWebhook}`, { method: 'POST', headers: event.headers, body: event.body });
    expect(res.status).toBe(200);
    expect((await (await fetch(`${site.url}${BOOKING_PATHS.status}/${reference}`)).json()).status).toBe('payment-pending');

    const { page, errors } = await site.page({ viewport: { width: 1366, height: 900 } });
    await consoleLogin(site, page, TEST_ADMIN);
    await page.getByRole('link', { name: 'Payments to check' }).click();
    const row = page.getByTestId('payment-checks').locator('tr').filter({ hasText: reference });
    await row.waitFor();
    expect(await row.textContent()).toContain('Paid 2499 paise; the booking is 249900 paise');
    await docShot(page, 'payments-to-check-1366');
    expect(errors).toEqual([]);
  });
});
