// Notifications in Chromium at 390 px: a counsellor opens the bell, turns on "Notify me on
// this device" (the notifications permission granted), and the browser's own subscription
// (an FCM endpoint: Chromium's push service) reaches the server; when round robin gives them
// a lead, the bell fills by itself (the live events), lists it by first name and list, and
// opening it goes to the lead, marked read; the same list at 1366 px by keyboard. axe on the open panel.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { launchPersistent } from '../support/browser.ts';
import { DESK_PATHS } from '../../contract/desk.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { SUBSCRIBE_WAIT_MS } from '../../pwa/features/admin/console/notify/push-device.ts';
import { axeViolations } from '../support/pwa.ts';
import { adminEnv, apiCall, apiLogin, consoleLogin, joinTeam, postLead } from '../support/console.ts';
import { unique, useMailingSite } from '../support/site.ts';
import { docShot } from '../support/shots.ts';

const ADMIN = { email: 'bell.admin@example.in', password: 'bell admin password' };
const COUNSELLOR = { email: 'asha.bell@example.in', password: 'asha password 1' };
const PHONE = { width: 390, height: 844 };

const site = useMailingSite(adminEnv(ADMIN));

describe('the bell and push on a phone', () => {
  let adminToken: string;
  let ashaId: string;

  it('subscribes the device and fills the bell when a lead is assigned', { timeout: 180_000 }, async () => {
    adminToken = await apiLogin(site, ADMIN);
    ashaId = await joinTeam(site, site.peer, adminToken, COUNSELLOR, 'Asha Bell', 'counsellor');
    // A profile on disk: Chromium has no Push API in a throwaway (incognito) context.
    const dir = mkdtempSync(path.join(tmpdir(), 'push-profile-'));
    const context = await launchPersistent(dir, { viewport: PHONE, permissions: ['notifications'] });
    onTestFinished(async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The page's timers on a clock the test can move (it runs on with real time until moved).
    await page.clock.install();
    await consoleLogin(site, page, COUNSELLOR, '**/admin/my-day');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.getByText('Nothing yet', { exact: false }).waitFor();
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/admin/push/subscriptions') && r.method() === 'POST', {
      timeout: 45_000,
    });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/admin/push/subscriptions') && r.request().method() === 'POST', {
      timeout: 45_000,
    });
    posted.catch(() => undefined);
    answered.catch(() => undefined);
    await panel.getByRole('button', { name: 'Notify me on this device' }).click();
    await panel.getByRole('button', { name: 'Turning on…' }).waitFor();
    const alert = panel.getByRole('alert');
    const settled = Promise.race([posted.then(() => 'posted' as const), alert.waitFor({ timeout: 45_000 }).then(() => 'refused' as const)]);
    // The console gives the push service SUBSCRIBE_WAIT_MS on the page's clock, armed once the
    // worker is ready (after its precache): the clock is moved on until an outcome shows rather
    // than the wait sat out in real time (20 s a run).
    let decided = false;
    void settled.finally(() => (decided = true));
    await expect
      .poll(
        async () => {
          if (!decided) await page.clock.fastForward(SUBSCRIBE_WAIT_MS / 4);
          return decided;
        },
        { timeout: 45_000, interval: 250 },
      )
      .toBe(true);
    const outcome = await settled;
    if (outcome === 'posted') {
      // Chromium reached its push service (FCM): the subscription the server is given is FCM's.
      const body = (await posted).postDataJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      expect(new URL(body.endpoint).hostname).toBe('fcm.googleapis.com');
      expect(Buffer.from(body.keys.p256dh, 'base64url')).toHaveLength(65);
      expect((await answered).status()).toBe(201);
      await panel.getByText('This device is notified.').waitFor();
    } else {
      // No route to FCM from this machine: Chromium's subscribe never answers, and the console says so
      // instead of spinning for ever; the button is offered again.
      expect(await alert.textContent()).toContain('push service did not answer');
      await panel.getByRole('button', { name: 'Notify me on this device' }).waitFor();
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => bell.getAttribute('aria-expanded')).toBe('false');

    // Round robin gives Asha a lead: the bell counts it without a reload.
    const rule = await apiCall(site, adminToken, 'PUT', DESK_PATHS.assignment, {
      lists: { 'need-help': { mode: 'round-robin', members: [ashaId] } },
    });
    expect(rule.status).toBe(200);
    const lead = await postLead<{ data: { _id: string } }>(site, LEAD_PATHS.enquiry, {
      background: 'College Student',
      course: 'Soft Skills',
      name: 'Meera Iyer',
      email: `meera.${unique()}@example.in`,
      phone: '9988776655',
    });
    await page.getByTestId('bell-count').filter({ hasText: '1' }).waitFor({ timeout: 30_000 });
    expect(await bell.getAttribute('aria-label')).toBeNull();
    expect(await bell.textContent()).toContain('1 unread');
    await docShot(page, 'push-bell-390-closed');
    await bell.click();
    const item = panel.getByRole('link', { name: /New lead: Meera/ });
    await item.waitFor();
    expect(await item.textContent()).toContain('Need Help Users, given to you by Round robin');
    expect(await panel.textContent()).not.toMatch(/Iyer|9988776655/);
    await docShot(page, 'push-bell-390');
    await item.click();
    await page.waitForURL(`**/admin/need-help?open=${lead.data._id}`);
    await expect.poll(() => page.getByTestId('bell-count').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('lists the same notifications at 1366 px, read, and keyboard-operable', async () => {
    const { page } = await site.page({ viewport: { width: 1366, height: 900 } });
    await consoleLogin(site, page, COUNSELLOR, '**/admin/my-day');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Notifications' });
    const item = panel.getByRole('link', { name: /New lead: Meera/ });
    await item.waitFor();
    expect(await item.textContent()).not.toContain('(unread)');
    expect(await axeViolations(page)).toEqual([]);
    await docShot(page, 'push-bell-1366');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('bell');
  });
});
