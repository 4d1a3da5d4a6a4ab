// The admin console in Chromium against the real server, with leads that came in through
// the public forms and the public API: the route guard, login, the lists, search,
// paging, date and status filters in the URL across a reload and the back button, the
// detail panel with the person's other submissions on its timeline, status and notes that
// persist, bulk status, logout revoking the token, and axe. What must happen within 2 s (a
// lead appearing live, a session ended elsewhere) is timed in ./admin-live.test.ts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/messages.ts';
import { LEAD_KINDS, LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { axeViolations, gotoLive } from '../support/pwa.ts';
import { consoleLogin, postLead } from '../support/console.ts';
import { fillFields, toast, unique, useSite, NO_SERVICE_WORKER } from '../support/site.ts';

const ADMIN = { email: 'console@example.in', password: 'console password 1' };
const site = useSite(
  { env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, PUBLIC_RATE_LIMIT_PER_MINUTE: '0' } },
  NO_SERVICE_WORKER,
);

/** A lead through the public API; its record (under `data` or `user`, as the spec answers). */
async function post(path: string, body: object): Promise<{ _id: string }> {
  const answer = await postLead<{ data?: { _id: string }; user?: { _id: string } }>(site, path, body);
  return (answer.data ?? answer.user)!;
}

const login = (page: Page) => consoleLogin(site, page, ADMIN);

/** The list's rows, by the text of their opening buttons. */
const rowNames = (page: Page) => page.locator('.console-table tbody th button').allTextContents();
const range = (page: Page) => page.getByRole('navigation', { name: 'Pages' }).locator('p');
const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

describe('the admin console', () => {
  it('keeps out a visitor without a session and sends them to the login', async () => {
    const { page } = await site.page();
    for (const path of ['/admin', '/admin/contact', '/admin/test-form']) {
      await page.goto(`${site.url}${path}`);
      await page.waitForURL('**/admin-login');
    }
    // The console's pages are not for search engines.
    const shell = await (await fetch(`${site.url}/admin/contact`)).text();
    expect(shell).toContain('<meta name="robots" content="noindex" />');
  });

  it('shows each list with the leads from the public forms', async () => {
    const tag = unique();
    const email = `forms.${tag}@example.in`;
    const { page: visitor } = await site.page();
    await gotoLive(visitor, `${site.url}/contact`);
    await fillFields(visitor, {
      'First name': 'Forms',
      'Last name': `Contact${tag}`,
      Email: email,
      Phone: '9876512345',
      Message: 'From the contact page',
    });
    await visitor.getByRole('button', { name: 'Send Message' }).click();
    await toast(visitor, 'Message sent successfully!');
    await gotoLive(visitor, `${site.url}/course/soft-skills`);
    await visitor.getByRole('button', { name: 'Join For Free', exact: true }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Zero Fees, Infinite Knowledge' });
    await fillFields(dialog, { Name: `Forms Free${tag}`, 'WhatsApp number': '9876512345', Email: email });
    await dialog.getByRole('button', { name: 'Join For Free', exact: true }).click();
    await toast(visitor, MESSAGES.freeJoinSuccess);
    await dialog.getByRole('button', { name: 'Close join for free form' }).click();
    const form = visitor.getByTestId('enquiry-form');
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel('Your background', { exact: true }).selectOption('College Student');
    await form.getByLabel('Course you are interested in', { exact: true }).selectOption('Soft Skills');
    await form.getByRole('button', { name: 'Next' }).click();
    await fillFields(form, { Name: `Forms Enquiry${tag}`, Email: email, Phone: '9876512345' });
    await form.getByRole('button', { name: 'Submit' }).click();
    await toast(visitor, 'Form submitted successfully!');
    await gotoLive(visitor, `${site.url}/join-now`);
    await fillFields(visitor, { 'Full name': `Forms Register${tag}`, Phone: '9876512345', Email: email, Password: 'secret123' });
    await visitor.getByRole('button', { name: 'Register' }).click();
    await toast(visitor, '🎉 Registration successful!');
    await gotoLive(visitor, `${site.url}/signup`);
    await fillFields(visitor, { 'Full name': `Forms Test${tag}`, Phone: '9876512345', Email: email, Password: 'abcdef' });
    await visitor.getByLabel('I am 18 or older').check();
    await visitor.getByRole('button', { name: 'Start the test' }).click();
    await toast(visitor, 'Form submitted successfully!');

    const { page } = await site.page();
    await login(page);
    await toast(page, 'Login successful!');
    const expected: Record<string, { title: string; name: string }> = {
      'join-now': { title: 'Sign Up Users', name: `Forms Register${tag}` },
      'join-free': { title: 'Join Free Users', name: `Forms Free${tag}` },
      // A contact's first and last name are one Name column.
      contact: { title: 'Contact Users', name: `Forms Contact${tag}` },
      'need-help': { title: 'Need Help Users', name: `Forms Enquiry${tag}` },
      'test-form': { title: 'Personality Test', name: `Forms Test${tag}` },
    };
    for (const [slug, { title, name }] of Object.entries(expected)) {
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: title }).click();
      await page.waitForURL(`**/admin/${slug}`);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      const row = page.locator('.console-table tbody tr', { hasText: email });
      await row.waitFor();
      expect(await row.locator('th button').textContent()).toBe(name);
      expect(await row.getByRole('combobox').inputValue()).toBe('new');
    }
    // The personality list: the test's columns, empty until the test is taken.
    const row = page.locator('.console-table tbody tr', { hasText: email });
    await row.getByText('Not taken yet').waitFor();
  });

  it('keeps search, paging, date and status filters in the URL, across a reload and the back button', async () => {
    const tag = unique();
    for (let i = 0; i < 61; i++) {
      await post(LEAD_PATHS.contact, {
        firstName: `Page${String(i).padStart(2, '0')}`,
        lastName: tag,
        email: `page${i}.${tag}@example.in`,
        phone: '9123400000',
        message: `Paging ${i}`,
      });
    }
    const { page } = await site.page();
    await login(page);
    await page.goto(`${site.url}/admin/contact`);
    await page.getByLabel('Search name, email or phone').fill(tag);
    await page.waitForURL(new RegExp(`[?&]q=${tag}`));
    await expect.poll(() => range(page).textContent()).toBe('1–50 of 61');
    expect((await rowNames(page))[0]).toBe(`Page60 ${tag}`);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(/[?&]page=2/);
    await expect.poll(() => range(page).textContent()).toBe('51–61 of 61');
    expect(await rowNames(page)).toHaveLength(11);
    await page.reload();
    await expect.poll(() => range(page).textContent()).toBe('51–61 of 61');
    expect(await page.getByLabel('Search name, email or phone').inputValue()).toBe(tag);
    await page.goBack();
    await expect.poll(() => range(page).textContent()).toBe('1–50 of 61');

    // A status filter, from a status changed in a row.
    const first = page.locator('.console-table tbody tr').first();
    await first.getByRole('combobox').selectOption('contacted');
    await toast(page, 'Status set to Contacted');
    await page.getByLabel('Status', { exact: true }).selectOption('contacted');
    await page.waitForURL(/[?&]status=contacted/);
    await expect.poll(() => range(page).textContent()).toBe('1–1 of 1');
    await page.reload();
    await expect.poll(() => range(page).textContent()).toBe('1–1 of 1');
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('contacted');

    // Dates are India's days: everything came in today, nothing up to yesterday.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Search name, email or phone').fill(tag);
    const yesterday = new Date(Date.parse(`${today()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await page.goto(`${site.url}/admin/contact?q=${tag}&to=${yesterday}`);
    await page.getByText('No contact messages found.').waitFor();
    await page.goto(`${site.url}/admin/contact?q=${tag}&from=${today()}&to=${today()}`);
    await expect.poll(() => range(page).textContent()).toBe('1–50 of 61');
    expect(await page.getByLabel('From').inputValue()).toBe(today());
  });

  it("opens a lead with every field and the person's other submissions; a status and a note survive a reload", async () => {
    const tag = unique();
    const email = `story.${tag}@example.in`;
    await post(LEAD_PATHS.freeJoin, { name: `Story ${tag}`, phone: '9988001122', email });
    await post(LEAD_PATHS.enquiry, {
      background: 'School Student',
      course: 'Soft Skills',
      name: `Story ${tag}`,
      email,
      phone: '9988001122',
    });
    const message = `First line of ${tag}\nSecond line, in full: ${'long text '.repeat(20).trim()}`;
    const contact = await post(LEAD_PATHS.contact, { firstName: 'Story', lastName: tag, email, phone: '9988001122', message });

    const { page } = await site.page();
    await login(page);
    await page.goto(`${site.url}/admin/contact?q=${tag}`);
    const open = page.locator('.console-table tbody th button').first();
    await open.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: `Story ${tag}` });
    await panel.waitFor();
    await page.waitForURL(new RegExp(`[?&]open=${contact._id}`));
    expect(await panel.locator('.lead-fields__row--longText dd').textContent()).toBe(message);
    // One timeline: this submission, and the same person's two others, each a link to its list.
    const timeline = panel.getByRole('region', { name: 'Timeline' });
    await timeline.getByRole('link', { name: 'Open in Need Help Users' }).waitFor();
    await timeline.getByRole('link', { name: 'Open in Join Free Users' }).waitFor();
    expect(await timeline.locator('.timeline__item--submission').count()).toBe(3);
    await timeline.getByText('Submitted this (Contact Users)').waitFor();

    await panel.getByLabel('Status', { exact: true }).selectOption('converted');
    await toast(page, 'Status set to Converted');
    await panel.getByLabel('Add a note').fill('Paid for the weekend batch.');
    await panel.getByRole('button', { name: 'Add note' }).click();
    await panel.getByText('Paid for the weekend batch.').waitFor();

    await page.reload();
    const again = page.getByRole('dialog', { name: `Story ${tag}` });
    await again.waitFor();
    expect(await again.getByLabel('Status', { exact: true }).inputValue()).toBe('converted');
    const history = again.getByRole('region', { name: 'Timeline' });
    await history.getByText('Paid for the weekend batch.').waitFor();
    await history.getByText('Converted').waitFor();
    // Escape closes it, and the URL forgets it.
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'detached' });
    expect(page.url()).not.toContain('open=');
    // The other submission opens in its own list.
    await page.goto(`${site.url}/admin/contact?q=${tag}&open=${contact._id}`);
    await page.getByRole('link', { name: 'Open in Join Free Users' }).click();
    await page.waitForURL('**/admin/join-free?open=*');
    await page.getByRole('dialog', { name: `Story ${tag}` }).waitFor();
  });

  it('sets one status on several selected leads at once', async () => {
    const tag = unique();
    for (let i = 0; i < 4; i++)
      await post(LEAD_PATHS.enquiry, {
        background: 'College Student',
        course: 'B2B Training',
        name: `Bulk${i} ${tag}`,
        email: `bulk${i}.${tag}@example.in`,
        phone: '9000000001',
      });
    const { page } = await site.page();
    await login(page);
    await page.goto(`${site.url}/admin/need-help?q=${tag}`);
    await expect.poll(() => range(page).textContent()).toBe('1–4 of 4');
    for (const name of [`Bulk0 ${tag}`, `Bulk1 ${tag}`, `Bulk2 ${tag}`]) await page.getByLabel(`Select ${name}`).check();
    const bulk = page.getByRole('region', { name: 'The selected leads' });
    await bulk.getByText('3 selected').waitFor();
    await bulk.getByLabel('New status for the selected leads').selectOption('not-interested');
    await bulk.getByRole('button', { name: 'Apply' }).click();
    await toast(page, '3 leads set to Not interested');
    await page.goto(`${site.url}/admin/need-help?q=${tag}&status=not-interested`);
    await expect.poll(() => range(page).textContent()).toBe('1–3 of 3');
    expect((await rowNames(page)).sort()).toEqual([`Bulk0 ${tag}`, `Bulk1 ${tag}`, `Bulk2 ${tag}`]);
  });

  it('logs out on the server: the old token is refused afterwards', async () => {
    const { page } = await site.page();
    await login(page);
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('adminSession') ?? '{}') as { token?: string }).token);
    expect(token).toBeTruthy();
    expect((await fetch(`${site.url}/api/v1/get-contact?limit=1`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin-login');
    await toast(page, 'Logged out successfully!');
    expect(await page.evaluate(() => localStorage.getItem('adminSession'))).toBeNull();
    expect((await fetch(`${site.url}/api/v1/get-contact?limit=1`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('has no serious or critical axe violations on the overview, a list and an open lead', async () => {
    const { page } = await site.page();
    await login(page);
    await page.goto(`${site.url}/admin`);
    await page.getByText('Leads by status, all lists').waitFor();
    await page.getByText('Show the numbers as a table').click();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${site.url}/admin/contact`);
    await page.locator('.console-table tbody tr').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('.console-table tbody th button').first().click();
    await page.getByRole('region', { name: 'Timeline' }).waitFor();
    await page.getByRole('heading', { name: 'Log an activity' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  // A slow answer shows the list's skeleton: a named progress indicator, not a bare div with
  // a label (which axe refuses: a label needs a role to belong to).
  it('names the loading skeleton of a list: nothing for axe while the leads are on their way', async () => {
    const { page } = await site.page();
    await login(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === LEAD_KINDS.contact.list.path,
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(`${site.url}/admin/contact`);
    await page.locator('.console-skeleton').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    release();
    await page.locator('.console-skeleton').waitFor({ state: 'detached' });
  });
});
