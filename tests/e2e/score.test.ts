// The lead score in Chromium against the real server (its scheduler scores each lead): at 390 px a
// phone's list sorts by score ("Highest score first"), each card shows its score, and the lead's
// panel shows the score with its reasons; an admin tunes a weight on the Lead score page and the
// list follows. At 1366 px the Score column's header sorts. No sideways scroll; axe finds nothing
// serious. The screenshots are docs/console.md's.
import { describe, expect, it } from 'vitest';
import { LEAD_KINDS, LEAD_PATHS, listItems } from '../../contract/lead-kinds.ts';
import { DEFAULT_SCORE_WEIGHTS as W } from '../../contract/score.ts';
import { axeViolations } from '../support/pwa.ts';
import { apiCall, apiLogin, consoleLogin, postLead } from '../support/console.ts';
import { toast, useSite, NO_SERVICE_WORKER } from '../support/site.ts';
import { docShot } from '../support/shots.ts';

const ADMIN = { email: 'score.admin@example.in', password: 'score admin password' };
const site = useSite(
  { env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, PUBLIC_RATE_LIMIT_PER_MINUTE: '0' } },
  NO_SERVICE_WORKER,
);

const contact = (tag: string, i: number, utm?: string) => ({
  firstName: `Score${tag}`,
  lastName: `Lead ${i}`,
  email: `score.e2e.${tag}.${i}@example.in`,
  phone: `93${String(10_000_000 + Number(tag) * 10 + i).slice(-8)}`,
  message: 'Weekend batches?',
  ...(utm ? { source: { first: { utm_source: utm } } } : {}),
});

type Item = { _id: string; lastName: string; score: number };

/** Posts three contact messages (no source, another source, a referral) and waits for the server to score them. */
async function threeLeads(tag: string): Promise<Item[]> {
  await postLead(site, LEAD_PATHS.contact, contact(tag, 1));
  await postLead(site, LEAD_PATHS.contact, contact(tag, 2, 'instagram'));
  await postLead(site, LEAD_PATHS.contact, contact(tag, 3, 'referral'));
  const token = await apiLogin(site, ADMIN);
  const scored = async () => {
    const res = await apiCall(site, token, 'GET', `${LEAD_KINDS.contact.list.path}?limit=10&q=score.e2e.${tag}.`);
    return (listItems(res.body, 'contacts') ?? []) as Item[];
  };
  await expect.poll(async () => (await scored()).filter((i) => i.score > 0).length, { timeout: 30_000, interval: 200 }).toBe(3);
  return scored();
}

const noSidewaysScroll = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the lead score', () => {
  it('shows on each card and in the lead with its reasons, and sorts the list, at 390 px', async () => {
    const items = await threeLeads('1');
    const base = W.forms.contact + W.recency.day;
    expect(items.map((i) => [i.lastName, i.score]).sort()).toEqual([
      ['Lead 1', base],
      ['Lead 2', base + W.otherSource],
      ['Lead 3', base + 10],
    ]);
    const { page, errors } = await site.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await consoleLogin(site, page, ADMIN);
    await page.goto(`${site.url}/admin/contact?q=score.e2e.1.`);
    await expect.poll(() => page.locator('.console-table tbody tr').count(), { timeout: 15_000 }).toBe(3);
    // A click, not check(): the box follows the URL, which React Router changes in a transition,
    // so check()'s look right after the click can still see it unchecked on a loaded machine.
    await page.getByLabel('Highest score first').click();
    await page.waitForURL(/sort=-score/);
    await expect.poll(() => page.getByLabel('Highest score first').isChecked()).toBe(true);
    await expect
      .poll(() => page.locator('.console-table tbody tr td.console-table__col-score').allTextContents(), { timeout: 15_000 })
      .toEqual([String(base + 10), String(base + W.otherSource), String(base)]);
    expect(await page.locator('.console-table tbody tr th').first().textContent()).toContain('Lead 3');
    expect(await noSidewaysScroll(page)).toBe(true);
    await docShot(page, 'score-list-390', true);

    await page.locator('.console-table__open').first().click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('heading', { name: /^Score \d+ of 100$/, level: 3 }).waitFor();
    expect(await panel.getByTestId('lead-score').textContent()).toBe(String(base + 10));
    const reasons = panel.getByRole('list', { name: 'Why this score' }).getByRole('listitem');
    expect(await reasons.allTextContents()).toEqual([
      `+${W.recency.day} Active in the last day`,
      `+${W.forms.contact} Form: Contact message`,
      '+10 Source: referral',
    ]);
    await docShot(panel.locator('.lead-score'), 'score-reasons-390');
    expect(await axeViolations(page)).toEqual([]);

    // Only the leads at or above the score asked for.
    await page.goto(`${site.url}/admin/contact?q=score.e2e.1.`);
    await page.getByLabel('Score at least').fill(String(base + 1));
    await page.waitForURL(/score=/);
    await expect.poll(() => page.locator('.console-table tbody tr').count(), { timeout: 15_000 }).toBe(2);

    // The weights page on a phone: every field whole, no sideways scroll.
    await page.goto(`${site.url}/admin/score`);
    await page.getByLabel('Any other source').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await docShot(page, 'score-weights-390', true);
    expect(errors).toEqual([]);
  }, 120_000);

  it('lets an admin tune a weight, and the leads are scored again; the Score header sorts at 1366 px', async () => {
    const items = await threeLeads('2');
    const plain = items.find((i) => i.lastName === 'Lead 1')!;
    const { page, errors } = await site.page({ viewport: { width: 1366, height: 900 } });
    await consoleLogin(site, page, ADMIN);
    await page.goto(`${site.url}/admin/score`);
    await page.getByRole('heading', { name: 'Lead score', level: 1 }).waitFor();
    await page.getByLabel('Any other source').fill('30');
    expect(await noSidewaysScroll(page)).toBe(true);
    await docShot(page, 'score-weights-1366', true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save and rescore' }).click();
    await toast(page, 'Weights saved: every lead is being scored again');

    const token = await apiLogin(site, ADMIN);
    const scoreOf = async (lastName: string) => {
      const res = await apiCall(site, token, 'GET', `${LEAD_KINDS.contact.list.path}?limit=10&q=score.e2e.2.`);
      return ((listItems(res.body, 'contacts') ?? []) as Item[]).find((i) => i.lastName === lastName)?.score;
    };
    await expect.poll(() => scoreOf('Lead 2'), { timeout: 60_000, interval: 250 }).toBe(plain.score + 30);

    await page.goto(`${site.url}/admin/contact?q=score.e2e.2.`);
    await expect.poll(() => page.locator('.console-table tbody tr').count(), { timeout: 15_000 }).toBe(3);
    await page.getByRole('button', { name: 'Score', exact: true }).click();
    await page.waitForURL(/sort=score/);
    await page.getByRole('button', { name: 'Score', exact: true }).click();
    await page.waitForURL(/sort=-score/);
    await expect
      .poll(() => page.locator('.console-table tbody tr th').allTextContents(), { timeout: 15_000 })
      .toEqual([expect.stringContaining('Lead 2'), expect.stringContaining('Lead 3'), expect.stringContaining('Lead 1')]);
    expect(await noSidewaysScroll(page)).toBe(true);
    await docShot(page, 'score-list-1366');
    // A small laptop: the column fits, its badge whole in its cell.
    await page.setViewportSize({ width: 1024, height: 768 });
    expect(await noSidewaysScroll(page)).toBe(true);
    const cut = await page
      .locator('.console-table tbody td.console-table__col-score')
      .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1).length);
    expect(cut).toBe(0);
    expect(errors).toEqual([]);
  }, 180_000);
});
