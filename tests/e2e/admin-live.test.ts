// The admin console's live stream in Chromium against the real server, timed: a lead posted
// while its list is open appears within 2 s (and the sidebar counts new leads of the lists
// not on screen), and a session ended elsewhere closes the console within 2 s. Timed, so
// run in the latency phase, alone (vitest.config.ts); the rest of the console is in
// ./admin-console.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { consoleLogin, postLead } from '../support/console.ts';
import { openPage } from '../support/pwa.ts';
import { toast, unique, useSite } from '../support/site.ts';

const ADMIN = { email: 'console@example.in', password: 'console password 1' };
const site = useSite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, PUBLIC_RATE_LIMIT_PER_MINUTE: '0' } });

/** A lead through the public API. */
const post = (path: string, body: object) => postLead(site, path, body);

describe('the admin console, live', () => {
  // One lead and one console login before the clocks start: a fresh server's first ones
  // compile their code paths, which the console's other tests used to do before these.
  beforeAll(async () => {
    const warm = await openPage(site.browser);
    try {
      await consoleLogin(site, warm.page, ADMIN);
    } finally {
      await warm.close();
    }
    await post(LEAD_PATHS.enquiry, {
      background: 'Corporate Employee',
      course: 'Corporate Training',
      name: `Warm ${unique()}`,
      email: `warm.${unique()}@example.in`,
      phone: '9000000001',
    });
  });

  it('shows a lead posted while a list is open within 2 seconds, and counts new leads in the sidebar for the lists not on screen', async () => {
    const { page } = await site.page();
    await consoleLogin(site, page, ADMIN);
    await page.goto(`${site.url}/admin/need-help`);
    // Bounded waits, so a slow step names itself rather than ending in the test's timeout.
    await page.getByRole('status').getByText('Live: new leads appear by themselves').waitFor({ timeout: 20_000 });
    const name = `Live ${unique()}`;
    const posted = Date.now();
    await post(LEAD_PATHS.enquiry, {
      background: 'Corporate Employee',
      course: 'Corporate Training',
      name,
      email: `live.${unique()}@example.in`,
      phone: '9000000002',
    });
    await page.locator('.console-table tbody th button', { hasText: name }).waitFor({ timeout: 2_000 });
    expect(Date.now() - posted).toBeLessThan(2_000);
    // The list on screen shows the lead itself: its sidebar count stays at nothing.
    expect(await page.getByTestId('new-need-help').count()).toBe(0);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'People' }).click();
    // Posted once the list has left the screen: a lead arriving while it is still shown is
    // (rightly) not counted in the sidebar, and on a busy machine the page change can lag the click.
    await page.getByRole('heading', { name: 'People', level: 1 }).waitFor({ timeout: 10_000 });
    await post(LEAD_PATHS.enquiry, {
      background: 'Corporate Employee',
      course: 'Corporate Training',
      name: `Live ${unique()}`,
      email: `live.${unique()}@example.in`,
      phone: '9000000003',
    });
    await expect.poll(() => page.getByTestId('new-need-help').textContent({ timeout: 2_000 }), { timeout: 10_000 }).toMatch(/^1/);
  });

  it('returns to the login, saying why, when the server ends the session', async () => {
    const { page } = await site.page();
    await consoleLogin(site, page, ADMIN);
    await page.goto(`${site.url}/admin/join-free`);
    await page.getByRole('heading', { name: 'Join Free Users', level: 1 }).waitFor();
    await page.getByRole('status').getByText('Live: new leads appear by themselves').waitFor();
    // The session is revoked elsewhere (a logout in another browser, a password reset): the
    // console's live stream ends at once, and the console goes to the login by itself.
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('adminSession') ?? '{}') as { token?: string }).token);
    await fetch(`${site.url}/api/admin/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    const revoked = Date.now();
    await page.waitForURL('**/admin-login', { timeout: 5_000 });
    expect(Date.now() - revoked).toBeLessThan(2_000);
    await toast(page, 'Your session has ended. Please log in again.');
    expect(await page.evaluate(() => localStorage.getItem('adminSession'))).toBeNull();
  });
});
