// Leads a business can trust, in Chromium against the real server with the production
// setting of 3 seconds' fill time: where a visitor came from travels with a form filled
// offline and shows in the console; a form sent too fast and one whose honeypot a bot
// filled get the normal success but land only under the spam filter ('Not spam' brings
// one back); the CSV download keeps its bytes right; a second registration of an email is
// told so. The page clock is moved past
// the fill time where a person's pace is meant (a person takes more than 3 seconds).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONSENT_NOTICE_VERSION } from '../../contract/consent.ts';
import { LEAD_KINDS, LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { MESSAGES } from '../../contract/messages.ts';
import { gotoLive, offline, online } from '../support/pwa.ts';
import { adminApi, consoleLogin } from '../support/console.ts';
import { fillFields, NO_SERVICE_WORKER, toast, unique, useSite, WITH_SERVICE_WORKER } from '../support/site.ts';

const ADMIN = { email: 'signals@example.in', password: 'signals password 1' };
const site = useSite(
  {
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, PUBLIC_RATE_LIMIT_PER_MINUTE: '0', SPAM_MIN_FILL_SECONDS: '3' },
  },
  NO_SERVICE_WORKER,
);
const SAVED_OFFLINE = "Saved on this device — it will be sent automatically when you're back online";

const adminGet = adminApi(site, ADMIN);
type Contacts = { contacts: Array<{ _id: string; email: string; status: string }> };
const contactsOf = async (email: string, status = '') =>
  (await adminGet<Contacts>(`${LEAD_KINDS.contact.list.path}?q=${encodeURIComponent(email)}${status ? `&status=${status}` : ''}`)).contacts;

const login = (page: Page) => consoleLogin(site, page, ADMIN);

async function fillContact(page: Page, email: string, name: string): Promise<void> {
  await fillFields(page, {
    'First name': name,
    'Last name': 'Signals',
    Email: email,
    Phone: '9876512345',
    Message: 'Tell me about the weekend batch',
  });
}

/** A person's pace: the form has been on screen for longer than the 3 seconds a bot takes. */
const personPace = (page: Page) => page.clock.fastForward(4_000);

describe('leads a business can trust', () => {
  it('carries the first and the latest campaign touch through a form filled offline to the console', async () => {
    const { page } = await site.page(WITH_SERVICE_WORKER);
    const context = page.context();
    await page.clock.install();
    // First landing from an Instagram campaign; later, back from a newsletter; then a plain visit.
    await gotoLive(page, `${site.url}/?utm_source=instagram&utm_medium=social&utm_campaign=diwali`);
    await gotoLive(page, `${site.url}/blog?utm_source=newsletter&utm_campaign=weekly&gclid=ad123`);
    await gotoLive(page, `${site.url}/contact`);
    const email = `touch.${unique()}@example.in`;
    await offline(context);
    await fillContact(page, email, 'Touch');
    await personPace(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, SAVED_OFFLINE);
    await online(context);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(async () => (await contactsOf(email)).length, { timeout: 30_000 }).toBe(1);
    const [lead] = await contactsOf(email);
    expect(lead!.status).toBe('new');

    const { page: admin } = await site.page();
    await login(admin);
    await admin.goto(`${site.url}/admin/contact?q=${encodeURIComponent(email)}&open=${lead!._id}`);
    const source = admin.getByRole('region', { name: 'Source' });
    await source.getByRole('heading', { name: 'First visit' }).waitFor();
    const text = (await source.textContent()) ?? '';
    expect(text).toContain('instagram');
    expect(text).toContain('diwali');
    expect(text).toContain('Latest campaign visit');
    expect(text).toContain('newsletter');
    expect(text).toContain('ad123');
    expect(text).toContain('/blog');
    // Filed under the latest campaign's source, and found by it.
    await admin.getByRole('button', { name: 'Close the lead' }).click();
    // The panel is a modal dialog: until it has gone the list behind it is inert, and text
    // typed there goes nowhere (the URL moves in a transition, so it can take a moment).
    await admin.getByRole('dialog').waitFor({ state: 'detached' });
    await admin.getByLabel('Source (utm_source)').fill('newsletter');
    await admin.waitForURL(/[?&]source=newsletter/);
    await admin.locator('.console-table tbody tr', { hasText: email }).waitFor();
  });

  it('answers a form sent in under 3 seconds, and one whose honeypot a bot filled, like any other, and files both as spam', async () => {
    const hastyEmail = `hasty.${unique()}@example.in`;
    const { page: hasty } = await site.page();
    await gotoLive(hasty, `${site.url}/contact`);
    await fillContact(hasty, hastyEmail, 'Hasty');
    await hasty.getByRole('button', { name: 'Send Message' }).click();
    await toast(hasty, MESSAGES.contactSuccess);

    const trappedEmail = `trapped.${unique()}@example.in`;
    const { page: bot } = await site.page();
    await bot.clock.install();
    await gotoLive(bot, `${site.url}/contact`);
    // People never meet the honeypot: not in the accessibility tree, not in the tab order.
    expect(await bot.getByRole('textbox', { name: 'Website' }).count()).toBe(0);
    const trap = bot.locator('input[name="website"]');
    expect(await trap.getAttribute('tabindex')).toBe('-1');
    await fillContact(bot, trappedEmail, 'Trapped');
    await trap.evaluate((input: HTMLInputElement) => (input.value = 'http://cheap-pills.example'));
    await personPace(bot);
    await bot.getByRole('button', { name: 'Send Message' }).click();
    await toast(bot, MESSAGES.contactSuccess);

    for (const email of [hastyEmail, trappedEmail]) {
      expect(await contactsOf(email), email).toEqual([]);
      expect((await contactsOf(email, 'spam')).map((c) => c.email)).toEqual([email]);
    }

    // Only under the spam filter in the console, where 'Not spam' brings one back.
    const { page: admin } = await site.page();
    await login(admin);
    await admin.goto(`${site.url}/admin/contact?q=${encodeURIComponent(trappedEmail)}`);
    await admin.getByText('No contact messages found.').waitFor();
    await admin.getByLabel('Status', { exact: true }).selectOption('spam');
    await admin.waitForURL(/[?&]status=spam/);
    await admin.locator('.console-table tbody th button', { hasText: 'Trapped' }).click();
    await admin.getByRole('button', { name: 'Not spam' }).click();
    await toast(admin, 'Status set to New');
    expect((await contactsOf(trappedEmail)).map((c) => c.status)).toEqual(['new']);
  });

  it('downloads the filtered list as CSV: a BOM, RFC 4180 quoting, formulas defused, Devanagari intact', async () => {
    const tag = unique();
    const register = async (name: string, n: number) => {
      const res = await fetch(site.url + LEAD_PATHS.joinNow, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name,
          phone: `98765000${n}0`,
          email: `csv${n}.${tag}@example.in`,
          password: 'secret123',
          source: { first: { utm_source: 'fair' } },
        }),
      });
      expect(res.status).toBe(201);
    };
    await register('=SUM(A1:A9)', 1);
    await register('Comma, "Quoted"', 2);
    await register('आशा वर्मा', 3);
    const { page } = await site.page({ acceptDownloads: true });
    await login(page);
    await page.goto(`${site.url}/admin/join-now?q=${tag}`);
    await expect.poll(() => page.locator('.console-table tbody tr').count()).toBe(3);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^join-now-leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Date (IST),Name,Phone,Email,Status,Owner,Next step,Next step due (IST),First contact (IST),Source (utm_source),First visit,Latest campaign visit,Consent',
    );
    // Excel's own date form, in India's time.
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
    // Newest first; the date (first cell) aside.
    expect(lines.slice(1).map((l) => l.slice(l.indexOf(',') + 1))).toEqual([
      `आशा वर्मा,9876500030,csv3.${tag}@example.in,New,,,,,fair,utm_source=fair,,no consent on record`,
      `"Comma, ""Quoted""",9876500020,csv2.${tag}@example.in,New,,,,,fair,utm_source=fair,,no consent on record`,
      `'=SUM(A1:A9),9876500010,csv1.${tag}@example.in,New,,,,,fair,utm_source=fair,,no consent on record`,
    ]);
  });

  it('shows the consent notice and an unticked opt-in on every form, and asks a minor for a guardian', async () => {
    const { page } = await site.page();
    const noticeIn = async (scope: Page | ReturnType<Page['getByRole']>) => {
      await scope.getByText('How we use your details').waitFor();
      expect(await scope.getByRole('link', { name: 'Delete my data', exact: true }).count()).toBeGreaterThan(0);
      expect(await scope.getByRole('link', { name: 'privacy policy', exact: true }).count()).toBeGreaterThan(0);
      expect(await scope.getByLabel('Also send me course updates on WhatsApp or by phone (optional)').isChecked()).toBe(false);
    };
    for (const path of ['/contact', '/join-now', '/signup']) {
      await gotoLive(page, site.url + path);
      await noticeIn(page);
    }
    await gotoLive(page, `${site.url}/course/soft-skills`);
    await page.getByRole('button', { name: 'Join For Free', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Zero Fees, Infinite Knowledge' });
    await noticeIn(dialog);
    await dialog.getByRole('button', { name: 'Close join for free form' }).click();
    const enquiry = page.getByTestId('enquiry-form');
    await enquiry.scrollIntoViewIfNeeded();
    await enquiry.getByLabel('Your background', { exact: true }).selectOption('School Student');
    await enquiry.getByLabel('Course you are interested in', { exact: true }).selectOption('Soft Skills');
    await enquiry.getByRole('button', { name: 'Next' }).click();
    await noticeIn(enquiry);
    await enquiry.getByRole('group', { name: 'Your age' }).waitFor();

    // The guardian step on the personality sign-up, and the record it leaves.
    const email = `minor.${unique()}@example.in`;
    await page.clock.install();
    await gotoLive(page, `${site.url}/signup`);
    await fillFields(page, { 'Full name': 'Minor Student', Phone: '9876512399', Email: email, Password: 'secret123' });
    await page.getByLabel('I am under 18 and my parent or guardian agrees').check();
    await page.getByLabel('Also send me course updates on WhatsApp or by phone (optional)').check();
    await personPace(page);
    await page.getByRole('button', { name: 'Start the test' }).click();
    await page.getByTestId('error-guardianEmail').waitFor();
    await page.getByLabel("Parent's or guardian's email").fill('Parent.Of.Minor@example.in');
    await page.getByRole('button', { name: 'Start the test' }).click();
    await toast(page, MESSAGES.personalitySuccess);
    const users = await adminGet<{ data: Array<{ _id: string }> }>(
      `${LEAD_KINDS.personalitySignup.list.path}?q=${encodeURIComponent(email)}`,
    );
    const detail = await adminGet<{ consent: Record<string, unknown> }>(`/api/admin/leads/test-form/${users.data[0]!._id}`);
    expect(detail.consent).toMatchObject({
      version: CONSENT_NOTICE_VERSION,
      marketing: true,
      age: 'guardian',
      guardianEmail: 'parent.of.minor@example.in',
    });
  });

  it('tells a second registration of an email that it is already registered, and stores nothing', async () => {
    const email = `twice.${unique()}@example.in`;
    const first = await fetch(site.url + LEAD_PATHS.joinNow, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'First Time', phone: '9876512345', email, password: 'secret123' }),
    });
    expect(first.status).toBe(201);
    const { page } = await site.page();
    await page.clock.install();
    await gotoLive(page, `${site.url}/join-now`);
    await fillFields(page, { 'Full name': 'Second Time', Phone: '9876512345', Email: email.toUpperCase(), Password: 'secret123' });
    await personPace(page);
    await page.getByRole('button', { name: 'Register' }).click();
    await toast(page, MESSAGES.emailAlreadyRegistered);
    // Still on the form: nothing to redirect to, and nothing waiting in the outbox to retry.
    expect(new URL(page.url()).pathname).toBe('/join-now');
    const users = await adminGet<Array<{ email: string }>>(`${LEAD_KINDS.joinNow.list.path}?q=${encodeURIComponent(email)}`);
    expect(users.map((u) => u.email)).toEqual([email]);
  });
});
