// The Rules page in Chromium against the real server: an admin makes a rule in the editor
// (a condition, two actions), previews it ("would have matched N of the last M leads"),
// saves it, sees it fire on a new lead (the count), turns it off; at 390 and 1366 px with no
// sideways scroll, and axe finds nothing serious. The screenshots are the README's.
import { afterAll, describe, expect, it } from 'vitest';
import { RULES_PATH, type RulesResponse } from '../../contract/rules.ts';
import { axeViolations } from '../support/pwa.ts';
import { apiCall, apiLogin, consoleLogin, postLead } from '../support/console.ts';
import { toast, useSite, NO_SERVICE_WORKER } from '../support/site.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { docShot } from '../support/shots.ts';

const ADMIN = { email: 'rules.admin@example.in', password: 'rules admin password' };
const site = useSite(
  { env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, PUBLIC_RATE_LIMIT_PER_MINUTE: '0' } },
  NO_SERVICE_WORKER,
);
afterAll(() => undefined);

const lead = (i: number, utm: string) => ({
  firstName: 'Asha',
  lastName: `Verma ${i}`,
  email: `rules.e2e.${i}@example.in`,
  phone: `95${String(10_000_000 + i).slice(-8)}`,
  message: 'Weekend batches?',
  source: { first: { utm_source: utm } },
});

describe('the Rules page', () => {
  for (const width of [390, 1366]) {
    it(`makes, previews, saves and turns off a rule at ${width} px`, async () => {
      const { page, errors } = await site.page({ viewport: { width, height: 900 } });
      for (let i = 0; i < 4; i += 1) await postLead(site, LEAD_PATHS.contact, lead(width + i, i < 3 ? 'campus' : 'instagram'));
      await consoleLogin(site, page, ADMIN);
      await page.goto(`${site.url}/admin/rules`);
      await page.getByRole('heading', { name: 'Rules', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'New rule' }).click();
      const form = page.getByRole('form', { name: 'Rule' });
      await form.getByLabel('Name', { exact: true }).fill(`Campus leads ${width}`);
      await form.getByLabel('Contact Users').check();
      await page.getByRole('button', { name: 'Add a condition' }).click();
      await form.getByLabel('Value', { exact: true }).fill('campus');
      await form.getByLabel('Tag', { exact: true }).fill('campus');
      await page.getByRole('button', { name: 'Add an action' }).click();
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByText(/Would have matched \d+ of the last \d+ leads/).waitFor();
      expect(await page.locator('.rule-preview').textContent()).toMatch(/Would have matched [1-9]\d* of the last/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await docShot(page, `rules-editor-${width}`, true);
      await page.getByRole('button', { name: 'Save rule' }).click();
      await toast(page, 'Rule saved');
      await page.getByRole('heading', { name: `Campus leads ${width}`, level: 2 }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // It fires on the next matching lead (the scheduler runs in the server).
      await postLead(site, LEAD_PATHS.contact, lead(width + 10, 'campus'));
      const token = await apiLogin(site, ADMIN);
      for (let i = 0; i < 100; i += 1) {
        const rules = await apiCall<RulesResponse>(site, token, 'GET', RULES_PATH);
        if (rules.body.data.find((r) => r.name === `Campus leads ${width}`)?.fired === 1) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await page.reload();
      await page
        .locator('.rule-card')
        .filter({ hasText: `Campus leads ${width}` })
        .getByText(/fired 1 time/)
        .waitFor();
      await page.getByRole('checkbox', { name: `On (Campus leads ${width})` }).click();
      await toast(page, 'Rule turned off');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await docShot(page, `rules-${width}`, true);
      expect(errors).toEqual([]);
    }, 120_000);
  }
});
