// Bulk work in Chromium against the real server, at 390 and 1366 px: an admin filters a list,
// ticks the page, selects all the leads matching the filter (more than the page holds),
// assigns them to a member, and undoes it from the message that says it was done; the server
// holds each step. No sideways scroll, and axe finds nothing serious.
import { describe, expect, it } from 'vitest';
import { CONSOLE_PATHS } from '../../contract/console.ts';
import { DESK_PATHS } from '../../contract/desk.ts';
import type { TeamResponse } from '../../contract/team.ts';
import { LEAD_KINDS, LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { axeViolations } from '../support/pwa.ts';
import { apiCall, apiLogin, consoleLogin, postLead } from '../support/console.ts';
import { toast, useSite, NO_SERVICE_WORKER } from '../support/site.ts';
import { docShot } from '../support/shots.ts';

const ADMIN = { email: 'bulk.admin@example.in', password: 'bulk admin password' };
const site = useSite(
  { env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, PUBLIC_RATE_LIMIT_PER_MINUTE: '0' } },
  NO_SERVICE_WORKER,
);
/** More than a page (50): "all matching" is more than the rows ticked. */
const LEADS = 57;

describe('bulk work on a list', () => {
  for (const width of [390, 1366]) {
    it(`selects all matching the filter, assigns them and undoes it at ${width} px`, async () => {
      const utm = `fair-${width}`;
      for (let i = 0; i < LEADS; i += 1) {
        await postLead(site, LEAD_PATHS.contact, {
          firstName: 'Bulk',
          lastName: `Lead ${i}`,
          email: `bulk.e2e.${width}.${i}@example.in`,
          phone: `94${String(width * 1000 + i).padStart(8, '0')}`,
          message: 'Weekend batches?',
          source: { first: { utm_source: utm } },
        });
      }
      const token = await apiLogin(site, ADMIN);
      const team = await apiCall<TeamResponse>(site, token, 'GET', DESK_PATHS.team);
      const me = team.body.data.find((m) => m.email === ADMIN.email)!;
      const owned = async (owner: string) => {
        const res = await fetch(`${site.url}${LEAD_KINDS.contact.list.path}?utm_source=${utm}&assignee=${owner}&limit=1`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        return res.headers.get('x-total-count');
      };

      const { page, errors } = await site.page({ viewport: { width, height: 900 } });
      await consoleLogin(site, page, ADMIN);
      await page.goto(`${site.url}/admin/contact?source=${utm}`);
      const range = page.getByRole('navigation', { name: 'Pages' }).locator('p');
      await expect.poll(() => range.textContent(), { timeout: 20_000 }).toBe(`1–50 of ${LEADS}`);
      // A phone's rows are cards, without the page's box: a tick on one row, then "all matching".
      if (width < 600)
        await page
          .getByLabel(/^Select Bulk Lead/)
          .first()
          .check();
      else await page.getByLabel('Select every lead on this page').check();
      const bar = page.getByRole('region', { name: 'The selected leads' });
      await bar.getByText(width < 600 ? '1 selected' : '50 selected').waitFor();
      await bar.getByRole('button', { name: `Select all ${LEADS} leads matching this filter` }).click();
      await bar.getByText(`${LEADS} selected`).waitFor();
      await bar.getByLabel('What to do with the selected leads').selectOption('assign');
      await bar.getByLabel('Assign the selected leads to').selectOption(me.id);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await docShot(page, `bulk-${width}`);
      await bar.getByRole('button', { name: 'Apply' }).click();
      await toast(page, `${LEADS} leads assigned to ${me.name}`);
      expect(await owned(me.id)).toBe(String(LEADS));
      await docShot(page, `bulk-done-${width}`);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Undo' }).click();
      await toast(page, `${LEADS} leads put back`);
      expect(await owned('none')).toBe(String(LEADS));
      // Each lead's timeline has the assignment and its undo.
      const list = await fetch(`${site.url}${LEAD_KINDS.contact.list.path}?utm_source=${utm}&limit=1`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      // The spec's shape of this list: { contacts: [...] }.
      const [first] = ((await list.json()) as { contacts: Array<{ _id: string }> }).contacts;
      const detail = await apiCall(site, token, 'GET', `${CONSOLE_PATHS.leads}/contact/${first!._id}`);
      expect(
        detail.body.history.filter((h: { action: string }) => h.action === 'assign').map((h: { assignee: unknown }) => h.assignee),
      ).toEqual([{ _id: me.id, name: me.name }, null]);
      // The next step's fields fit the bar too.
      await page
        .getByLabel(/^Select Bulk Lead/)
        .first()
        .check();
      await bar.getByLabel('What to do with the selected leads').selectOption('nextAction');
      await bar.getByLabel('When (India time)').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await docShot(bar, `bulk-next-${width}`);
      expect(errors).toEqual([]);
    }, 180_000);
  }
});

// Tags, one lead at a time: a counsellor's morning groups leads ("Parent called") from the
// lead's panel, finds them again with the list's Tag filter, and takes a tag back.
describe('tags on a lead', () => {
  for (const width of [390, 1366]) {
    it(`tags a lead in its panel, filters the list by the tag and takes it back at ${width} px`, async () => {
      const utm = `tags-${width}`;
      const tag = `Parent called ${width}`;
      for (let i = 0; i < 2; i += 1) {
        await postLead(site, LEAD_PATHS.contact, {
          firstName: 'Tagged',
          lastName: `Lead ${width} ${i}`,
          email: `tags.e2e.${width}.${i}@example.in`,
          phone: `93${String(width * 1000 + i).padStart(8, '0')}`,
          message: 'Is there a Saturday batch?',
          source: { first: { utm_source: utm } },
        });
      }
      const { page, errors } = await site.page({ viewport: { width, height: 900 } });
      await consoleLogin(site, page, ADMIN);
      await page.goto(`${site.url}/admin/contact?source=${utm}`);
      await page
        .getByRole('button', { name: `Tagged Lead ${width} 0` })
        .first()
        .click();
      const panel = page.getByRole('dialog', { name: `Tagged Lead ${width} 0` });
      const tags = panel.getByRole('region', { name: 'Tags' });
      await tags.getByText('No tags yet.').waitFor();
      // Not a tag: said beside the field, nothing sent.
      await tags.getByLabel('Add a tag').fill('<b>');
      await tags.getByRole('button', { name: 'Add tag' }).click();
      await tags.getByRole('alert').getByText('A tag is 1 to 40 letters, digits, spaces, - or _').waitFor();
      await tags.getByLabel('Add a tag').fill(tag);
      await tags.getByRole('button', { name: 'Add tag' }).click();
      await tags.getByRole('list', { name: "This lead's tags" }).getByText(tag).waitFor();
      expect(await tags.getByLabel('Add a tag').inputValue()).toBe('');
      await panel.getByRole('region', { name: 'Timeline' }).getByText(`Tagged “${tag}”`).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await docShot(tags, `lead-tags-${width}`);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });

      // The list's Tag filter offers it, with how many leads have it, and shows only that lead.
      await page.getByLabel('Tag', { exact: true }).selectOption(tag);
      await page.waitForURL(new RegExp(`[?&]tag=${encodeURIComponent(tag).replace(/%20/g, '\\+')}`));
      const rows = page.getByRole('button', { name: /^Tagged Lead/ });
      await expect.poll(() => rows.allTextContents(), { timeout: 10_000 }).toEqual([`Tagged Lead ${width} 0`]);
      expect(await page.getByLabel('Tag', { exact: true }).locator('option:checked').textContent()).toBe(`${tag} (1)`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await docShot(page.locator('form.console-filters'), `tag-filter-${width}`);
      // The row (a card at 390 px) shows the tag under the name, without opening the lead.
      const rowTags = page.locator('.console-table tbody tr').first().getByRole('list', { name: 'Tags', exact: true });
      await rowTags.getByText(tag, { exact: true }).waitFor();
      await docShot(page.locator('.console-table tbody tr').first(), `row-tags-${width}`);

      await rows.first().click();
      await panel.getByRole('button', { name: `Remove the tag ${tag}` }).click();
      await tags.getByText('No tags yet.').waitFor();
      await panel.getByRole('region', { name: 'Timeline' }).getByText(`Tag “${tag}” taken back`).waitFor();
      await page.keyboard.press('Escape');
      // The list follows the change: the lead's row no longer carries the tag.
      await rowTags.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    }, 120_000);
  }
});
