// Webinars in Chromium against the production build: an admin schedules one in the console
// (1366 px); a visitor on a phone (390 px) finds it on /webinars and registers; another
// registers offline and is delivered once when the connection returns; both show in the
// Webinar Registrations list; the page opened offline with nothing kept says why it is empty.
// Screenshots of both pages at 390 and 1366 px go to SCREENSHOTS_DIR when it is set.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import { WEBINAR_MESSAGES } from '../../contract/webinars.ts';
import { SAVED_OFFLINE_MESSAGE } from '../../pwa/lib/submit.ts';
import { adminApi, adminEnv, consoleLogin, TEST_ADMIN } from '../support/console.ts';
import { axeViolations, gotoLive, offline, online } from '../support/pwa.ts';
import { fillFields, NO_SERVICE_WORKER, toast, unique, useSite, WITH_SERVICE_WORKER } from '../support/site.ts';
import { docShot } from '../support/shots.ts';

const site = useSite({ env: { ...adminEnv(), PUBLIC_RATE_LIMIT_PER_MINUTE: '0' } }, NO_SERVICE_WORKER);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function registrations(q: string): Promise<Array<Record<string, unknown>>> {
  const api = adminApi(site, TEST_ADMIN);
  return (await api<{ data: Array<Record<string, unknown>> }>(`${LEAD_KINDS.webinar.list.path}?q=${encodeURIComponent(q)}&limit=50`)).data;
}

/** A datetime-local value three days from now, in the browser's zone (the test's machine's). */
function inThreeDays(): string {
  const at = new Date(Date.now() + 3 * 86_400_000);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

async function registerOn(page: Page, title: string, email: string): Promise<void> {
  await page.getByRole('button', { name: `Register for ${title}` }).click();
  const form = page.getByTestId('webinar-form');
  await fillFields(form, { Name: 'Kavya Webinar', Email: email, Phone: '98765 43210' });
  await form.getByRole('button', { name: 'Register' }).click();
}

describe('webinars', () => {
  it('an admin schedules one; visitors register on a phone, online and offline, once each; they are in the list', async () => {
    const admin = await site.page({ viewport: DESKTOP });
    await consoleLogin(site, admin.page, TEST_ADMIN);
    await admin.page.getByRole('link', { name: 'Webinars', exact: true }).click();
    await admin.page.getByRole('heading', { name: 'Webinars' }).waitFor();
    const title = `Speaking with confidence ${unique()}`;
    const form = admin.page.getByRole('form', { name: 'Schedule a webinar' });
    await fillFields(form, { Title: title, 'Starts (your time)': inThreeDays(), 'Joining link': 'https://meet.example.in/confidence' });
    await form.getByRole('button', { name: 'Schedule webinar' }).click();
    await admin.page.getByTestId('webinars').locator('strong', { hasText: title }).waitFor();
    expect(await axeViolations(admin.page)).toEqual([]);
    await docShot(admin.page, 'console-webinars-1366', true);

    // Online, at 390 px.
    const visitor = await site.page({ viewport: PHONE });
    await gotoLive(visitor.page, `${site.url}/webinars`);
    await visitor.page.getByRole('heading', { name: title }).waitFor();
    const email = `webinar.${unique()}@example.in`;
    await registerOn(visitor.page, title, email);
    await toast(visitor.page, WEBINAR_MESSAGES.registered);
    expect(await registrations(email)).toMatchObject([{ name: 'Kavya Webinar', webinarTitle: title }]);
    expect(await axeViolations(visitor.page)).toEqual([]);
    await docShot(visitor.page, 'webinars-390', true);
    expect(visitor.errors).toEqual([]);

    // Offline, then online: one registration.
    const later = await site.page({ viewport: PHONE, ...WITH_SERVICE_WORKER });
    await gotoLive(later.page, `${site.url}/webinars`);
    await later.page.getByRole('heading', { name: title }).waitFor();
    const offlineEmail = `webinar.offline.${unique()}@example.in`;
    await offline(later.page.context());
    await registerOn(later.page, title, offlineEmail);
    await later.page.getByRole('status').getByText(SAVED_OFFLINE_MESSAGE).first().waitFor();
    expect(await registrations(offlineEmail)).toEqual([]);
    await online(later.page.context());
    await expect.poll(async () => (await registrations(offlineEmail)).length, { timeout: 30_000 }).toBe(1);

    // Both in the console's list.
    await admin.page.goto(`${site.url}/admin/webinars`);
    await admin.page.getByRole('heading', { name: 'Webinar Registrations' }).waitFor();
    await expect.poll(() => admin.page.getByText(title).count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await docShot(admin.page, 'console-webinar-registrations-1366', true);
    expect(await registrations(offlineEmail)).toHaveLength(1);
    expect(admin.errors).toEqual([]);
  });

  it('opened offline with no list kept, the page says the list needs a connection', async () => {
    const { page } = await site.page({ viewport: PHONE, ...WITH_SERVICE_WORKER });
    await gotoLive(page, `${site.url}/webinars`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.evaluate(() => localStorage.removeItem('upcomingWebinars'));
    await offline(page.context());
    await page.reload();
    await page.getByRole('alert').getByText(WEBINAR_MESSAGES.offline).waitFor();
    await docShot(page, 'webinars-offline-390', true);
  });

  it('the page and the console page at 1366 px and the console at 390 px', async () => {
    const desktop = await site.page({ viewport: DESKTOP });
    await gotoLive(desktop.page, `${site.url}/webinars`);
    await desktop.page.getByRole('heading', { name: 'Learn live with our trainers' }).waitFor();
    await desktop.page.getByTestId('webinar').first().waitFor();
    await docShot(desktop.page, 'webinars-1366', true);
    const phone = await site.page({ viewport: PHONE });
    await consoleLogin(site, phone.page, TEST_ADMIN);
    await phone.page.goto(`${site.url}/admin/webinar-schedule`);
    await phone.page.getByRole('heading', { name: 'Webinars' }).waitFor();
    await docShot(phone.page, 'console-webinars-390', true);
    expect(desktop.errors).toEqual([]);
  });
});
