// Bookings and proposals in Chromium against the production build, at 390 and 1366 px:
// "Buy now" and a paid package's button open the booking form, which answers with a
// booking reference (at once, even offline, and delivered later); the payment link carries
// the reference; the UPI link is exact (payee, amount, currency, reference) and its QR code
// encodes it; the booking shows in the console with its amount and its payment moves on;
// "Request a proposal" from each of the four organisation pages is stored (and, offline, kept
// and delivered later); axe finds nothing serious on either form.
import QRCode from 'qrcode';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import { SAVED_OFFLINE_MESSAGE } from '../../pwa/lib/submit.ts';
import { adminApi, consoleLogin, TEST_ADMIN, adminEnv } from '../support/console.ts';
import { axeViolations, gotoLive, offline, online } from '../support/pwa.ts';
import { fillFields, NO_SERVICE_WORKER, toast, unique, useSite, WITH_SERVICE_WORKER } from '../support/site.ts';
import { docShot } from '../support/shots.ts';

const UPI = { UPI_VPA: 'skillup@okicici', UPI_PAYEE_NAME: 'SkillUp Soft Skills Academy' };
const LINKS = { PAYMENT_LINK_ELEVATE: 'https://pay.example.in/elevate', PAYMENT_LINK_ELITE: 'https://pay.example.in/elite' };
const site = useSite({ env: { ...adminEnv(), ...UPI, ...LINKS, PUBLIC_RATE_LIMIT_PER_MINUTE: '0' } }, NO_SERVICE_WORKER);

const VIEWPORTS = [
  ['390', { width: 390, height: 844 }],
  ['1366', { width: 1366, height: 900 }],
] as const;

/** What the UPI link must be, written out by hand rather than with the code under test. */
const expectedUpi = (rupees: string, reference: string) =>
  `upi://pay?pa=skillup@okicici&pn=SkillUp%20Soft%20Skills%20Academy&am=${rupees}&cu=INR&tn=${reference}`;

/** The booking form's fields, filled as a visitor would. */
async function fillBooking(page: Page, email: string): Promise<void> {
  const form = page.getByTestId('booking-form');
  await form.waitFor();
  await fillFields(form, { Name: 'Riya Booker', Email: email, Phone: '98765 43210' });
}

/** The items of a list that match `q`, read as an admin. */
async function listed(q: string, kind: 'booking' | 'proposal'): Promise<Array<Record<string, unknown>>> {
  const api = adminApi(site, TEST_ADMIN);
  return (await api<{ data: Array<Record<string, unknown>> }>(`${LEAD_KINDS[kind].list.path}?q=${encodeURIComponent(q)}&limit=50`)).data;
}

describe.each(VIEWPORTS)('booking a seat at %s px', (_name, viewport) => {
  it('"Buy now" → the booking form → a reference, the payment link with it, and UPI with its QR', async () => {
    const { page, errors } = await site.page({ viewport });
    await gotoLive(page, `${site.url}/course/soft-skills`);
    await page.getByRole('button', { name: 'Buy now' }).click();
    const email = `buy.${unique()}@example.in`;
    await fillBooking(page, email);
    expect(await page.getByTestId('booking-form').getByLabel('Package', { exact: true }).inputValue()).toBe('Elevate');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Book my seat' }).click();

    const reference = (await page.getByTestId('booking-reference').textContent())!;
    expect(reference).toMatch(/^SU-[0-9A-F]{10}$/);
    // Nothing is paid yet: the seat is reserved, not booked.
    await toast(page, 'Seat reserved — pay within 3 days to keep it');
    // Raised into the top layer above the booking dialog's backdrop (not dimmed behind it), at the
    // foot of the screen, clear of the dialog's title and close button.
    const placed = await page.evaluate(() => {
      const region = document.querySelector<HTMLElement>('.toasts')!;
      const close = document.querySelector('dialog[open] .modal__close')!.getBoundingClientRect();
      const box = region.getBoundingClientRect();
      return { raised: region.matches(':popover-open'), clear: box.top > close.bottom };
    });
    expect(placed).toEqual({ raised: true, clear: true });
    expect(await page.getByText(/seat is booked/i).count()).toBe(0);
    await page.getByText('Your booking has reached us.', { exact: false }).waitFor();
    // The reference copies with one tap.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy the reference' }).click();
    await page.getByText('Copied', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
    // Whom the money goes to, as text beside the UPI button and its QR code.
    const upiBox = page.locator('.booking__upi');
    expect(await upiBox.innerText()).toContain('SkillUp Soft Skills Academy');
    expect(await upiBox.innerText()).toContain('skillup@okicici');
    expect(await upiBox.getByText('skillup@okicici', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('payment-link').getAttribute('href')).toBe(`https://pay.example.in/elevate?reference=${reference}`);
    const upi = expectedUpi('2499.00', reference);
    expect(await page.getByTestId('upi-link').getAttribute('href')).toBe(upi);
    const qr = (await page.getByTestId('upi-qr').getAttribute('src'))!;
    const svg = decodeURIComponent(qr.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
    expect(svg).toBe(await QRCode.toString(upi, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
    expect(await axeViolations(page)).toEqual([]);

    const [stored] = await listed(email, 'booking');
    expect(stored).toMatchObject({ reference, amount: 2499, paymentStatus: 'payment-pending', programme: 'Soft Skill For Students' });
    // One UTR belongs to one booking: each viewport's booking has its own.
    const utr = `4${Date.now().toString().slice(-11)}`;
    await page.getByLabel(/^UTR/).fill(utr);
    await page.getByRole('button', { name: 'Send UTR' }).click();
    const thanks = page.getByText('Thank you! We will confirm your payment soon.');
    await thanks.waitFor();
    // Where the visitor is looking: on screen, and focused (so a screen reader reads it).
    await expect.poll(() => thanks.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(
      await thanks.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight;
      }),
    ).toBe(true);
    expect((await listed(email, 'booking'))[0]).toMatchObject({ utr, utrStatus: 'to-verify' });
    expect(errors).toEqual([]);
  });

  it('a paid package’s button books that package: Elite at ₹7,499', async () => {
    const { page, errors } = await site.page({ viewport });
    await gotoLive(page, `${site.url}/course/soft-skills`);
    await page.getByRole('button', { name: 'Book Your Slot — Elite' }).click();
    const email = `elite.${unique()}@example.in`;
    await fillBooking(page, email);
    expect(await page.getByTestId('booking-form').getByLabel('Package', { exact: true }).inputValue()).toBe('Elite');
    await page.getByRole('button', { name: 'Book my seat' }).click();
    const reference = (await page.getByTestId('booking-reference').textContent())!;
    expect(await page.getByTestId('upi-link').getAttribute('href')).toBe(expectedUpi('7499.00', reference));
    expect(await page.getByTestId('payment-link').getAttribute('href')).toBe(`https://pay.example.in/elite?reference=${reference}`);
    expect((await listed(email, 'booking'))[0]).toMatchObject({ reference, amount: 7499, package: 'Elite' });
    expect(errors).toEqual([]);
  });

  it('offline: the reference at once, the booking delivered when the connection returns', async () => {
    const { page } = await site.page({ viewport, ...WITH_SERVICE_WORKER });
    await gotoLive(page, `${site.url}/services/skill-for-colleges`);
    await page.getByRole('button', { name: 'Buy now' }).click();
    const email = `offline.${unique()}@example.in`;
    await fillBooking(page, email);
    expect(await page.getByTestId('booking-form').getByLabel('Programme', { exact: true }).inputValue()).toBe('Skill for Colleges');
    await offline(page.context());
    await page.getByRole('button', { name: 'Book my seat' }).click();
    const reference = (await page.getByTestId('booking-reference').textContent())!;
    expect(reference).toMatch(/^SU-[0-9A-F]{10}$/);
    expect(await page.getByTestId('booking-delivery').textContent()).toContain('Saved on this device');
    expect(await listed(email, 'booking')).toEqual([]);
    await online(page.context());
    await page.getByText('Your booking has reached us.', { exact: false }).waitFor({ timeout: 30_000 });
    const stored = await listed(email, 'booking');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ reference, programme: 'Skill for Colleges', amount: 2499 });
    // The payment is offered with the same reference once online.
    expect(await page.getByTestId('payment-link').getAttribute('href')).toBe(`https://pay.example.in/elevate?reference=${reference}`);
  });
});

describe('a booking in the console', () => {
  it('shows its amount and UTR to verify; confirming the UTR pays it, who and when shown; then enrolled', async () => {
    const visitor = await site.page();
    await gotoLive(visitor.page, `${site.url}/course/soft-skills`);
    await visitor.page.getByRole('button', { name: 'Buy now' }).click();
    const tag = unique();
    await fillBooking(visitor.page, `console.${tag}@example.in`);
    await visitor.page.getByRole('button', { name: 'Book my seat' }).click();
    const reference = (await visitor.page.getByTestId('booking-reference').textContent())!;
    await visitor.page.getByText('Your booking has reached us.', { exact: false }).waitFor();
    const utr = await fetch(`${site.url}/api/v1/bookings/utr`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ reference, utr: '998877665544' }),
    });
    expect(utr.status).toBe(200);

    const { page, errors } = await site.page({ viewport: { width: 1366, height: 900 } });
    await consoleLogin(site, page, TEST_ADMIN);
    await page.goto(`${site.url}/admin/bookings?q=${reference}`);
    await page.getByRole('heading', { name: 'Seat Bookings' }).waitFor();
    const row = page.locator('.console-table tbody tr').filter({ hasText: reference });
    await row.waitFor();
    expect(await row.textContent()).toContain('₹2,499');
    expect(await row.textContent()).toContain('998877665544');
    await row.locator('th button').click();
    const panel = page.getByRole('dialog', { name: 'Riya Booker' });
    await panel.waitFor();
    expect(await panel.getByTestId('payment-status').textContent()).toBe('Payment pending');
    // The typed UTR is a claim until it is found in the bank statement and confirmed.
    expect(await panel.getByTestId('utr-status').textContent()).toBe('To verify');
    await panel.getByRole('button', { name: 'Confirm UTR (found in the bank statement)' }).click();
    await expect.poll(() => panel.getByTestId('payment-status').textContent()).toBe('Paid');
    expect(await panel.getByTestId('utr-status').textContent()).toBe('Verified');
    expect(await panel.getByRole('region', { name: 'UTR' }).textContent()).toMatch(/Verified by \S.* on \d/);
    await docShot(panel, 'booking-utr-verified-1366');
    await panel.getByRole('button', { name: 'Mark enrolled' }).click();
    await expect.poll(() => panel.getByTestId('payment-status').textContent()).toBe('Enrolled');
    expect((await listed(reference, 'booking'))[0]).toMatchObject({ paymentStatus: 'enrolled' });
    expect(errors).toEqual([]);
  });
});

const ORGANISATION_PAGES = [
  ['skill-for-colleges', 'Skill for Colleges'],
  ['skill-for-schools', 'Skill for Schools'],
  ['corporate-training', 'Corporate Training for Freshers'],
  ['b2b-outsourcing', 'B2B Soft Skills Outsourcing'],
] as const;

describe.each(VIEWPORTS)('"Request a proposal" at %s px', (_name, viewport) => {
  it.each(ORGANISATION_PAGES)('from /services/%s is stored for the desk', async (slug, programme) => {
    const { page, errors } = await site.page({ viewport });
    await gotoLive(page, `${site.url}/services/${slug}`);
    await page.getByRole('button', { name: 'Request a proposal' }).click();
    const form = page.getByTestId('proposal-form');
    await form.waitFor();
    const email = `proposal.${unique()}@example.in`;
    await fillFields(form, {
      Organisation: `Org ${slug}`,
      Name: 'Dr Meera Iyer',
      'Your role': 'Training head',
      Email: email,
      Phone: '9811122233',
      City: 'Pune',
      Participants: '80',
      'Preferred months': 'January–February',
    });
    if (slug === 'skill-for-colleges') expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Request a proposal' }).click();
    await page.getByRole('status').getByText('Thank you! Our team will send you a proposal soon.').first().waitFor();
    const [stored] = await listed(email, 'proposal');
    expect(stored).toMatchObject({ programme, organisation: `Org ${slug}`, participants: 80, city: 'Pune', role: 'Training head' });
    expect(errors).toEqual([]);
  });
});

describe('the batches admins keep', () => {
  it('a batch an admin adds is offered by the booking form and kept with the booking', async () => {
    const { page, errors } = await site.page({ viewport: { width: 1366, height: 900 } });
    await consoleLogin(site, page, TEST_ADMIN);
    await page.getByRole('link', { name: 'Batches' }).click();
    await page.getByRole('heading', { name: 'Batches' }).waitFor();
    const label = `Weekend batch ${unique()}`;
    const startsOn = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const add = page.getByRole('form', { name: 'Add a batch' });
    await add.getByLabel('Batch', { exact: true }).fill(label);
    await add.getByLabel('Starts on').fill(startsOn);
    await add.getByRole('button', { name: 'Add batch' }).click();
    await page.getByTestId('batches').getByText(`${label} —`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);

    const visitor = await site.page({ viewport: { width: 390, height: 844 } });
    await gotoLive(visitor.page, `${site.url}/course/soft-skills`);
    await visitor.page.getByRole('button', { name: 'Buy now' }).click();
    const email = `batch.${unique()}@example.in`;
    await fillBooking(visitor.page, email);
    const batch = visitor.page.getByTestId('booking-form').getByLabel('Batch', { exact: true });
    await expect.poll(() => batch.locator('option').allTextContents()).toContain(label);
    await batch.selectOption(label);
    await visitor.page.getByRole('button', { name: 'Book my seat' }).click();
    await visitor.page.getByText('Your booking has reached us.', { exact: false }).waitFor();
    expect((await listed(email, 'booking'))[0]).toMatchObject({ batch: label });
    expect(visitor.errors).toEqual([]);
  });
});

describe('a proposal request offline', () => {
  it('is saved on the phone and delivered when the connection returns', async () => {
    const { page } = await site.page({ viewport: { width: 390, height: 844 }, ...WITH_SERVICE_WORKER });
    await gotoLive(page, `${site.url}/services/skill-for-schools`);
    await page.getByRole('button', { name: 'Request a proposal' }).click();
    const form = page.getByTestId('proposal-form');
    await form.waitFor();
    const email = `offline.proposal.${unique()}@example.in`;
    await fillFields(form, {
      Organisation: 'Kendriya Vidyalaya No. 2',
      Name: 'Sunita Rao',
      'Your role': 'Principal',
      Email: email,
      Phone: '9811122244',
      City: 'Jaipur',
      Participants: '240',
      'Preferred months': 'July',
    });
    await offline(page.context());
    await form.getByRole('button', { name: 'Request a proposal' }).click();
    await page.getByRole('status').getByText(SAVED_OFFLINE_MESSAGE).first().waitFor();
    expect(await listed(email, 'proposal')).toEqual([]);
    await online(page.context());
    await expect.poll(async () => (await listed(email, 'proposal')).length, { timeout: 30_000 }).toBe(1);
    expect((await listed(email, 'proposal'))[0]).toMatchObject({ programme: 'Skill for Schools', participants: 240 });
  });
});
