// The counsellor's workspace in Chromium against the real server: every list fits 1024, 1366
// and 1920 px with no clipped column and no sideways scroll (long messages, Devanagari
// names) and the phone number never cut, 15 rows at 1366×768, cards and a full-screen panel
// at 390 with every field of every card whole (the number first), the header one row with a
// menu; one tap to WhatsApp (the
// number and the template's text) records the attempt and asks its outcome; the header's
// search finds a phone typed any way; sorting from a header; the keys; a view one member
// saves and shares opens for another; merge and undo from the person's page; an import
// checked then stored; axe on each new page.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { leadPath } from '../../contract/console.ts';
import type { LeadDetail } from '../../contract/lead-detail.ts';
import { LEAD_KINDS, LIST_SLUGS, LISTED_KINDS } from '../../contract/lead-kinds.ts';
import { NO_CONSENT_ON_RECORD } from '../../contract/consent.ts';
import { fillTemplate, type TemplatesResponse } from '../../contract/templates.ts';
import { IMPORT_MESSAGES } from '../../contract/lead-import.ts';
import { WORKSPACE_PATHS } from '../../contract/workspace.ts';
import { WEBINAR_PATHS } from '../../contract/webinars.ts';
import { axeViolations } from '../support/pwa.ts';
import { adminEnv, apiCall, apiLogin, consoleLogin, joinTeam, postLead } from '../support/console.ts';
import { toast, unique, useMailingSite, NO_SERVICE_WORKER } from '../support/site.ts';
import { docShot } from '../support/shots.ts';

const ADMIN = { email: 'work.admin@example.in', password: 'work admin password' };
const COUNSELLOR = { email: 'meera.work@example.in', password: 'meera password 1' };

const site = useMailingSite({ ...adminEnv(ADMIN), PUBLIC_RATE_LIMIT_PER_MINUTE: '0' }, NO_SERVICE_WORKER);

const LONG =
  'मुझे सप्ताहांत बैच के बारे में जानना है — please call after 6 pm, I am in college till then and my phone is switched off in class. '.repeat(6);

/** Twenty leads in every list: long messages, Devanagari and very long names, long emails. */
async function seed(): Promise<void> {
  // Webinar registrations name a webinar the admins scheduled.
  const scheduled = await apiCall<{ webinar: { _id: string } }>(site, await apiLogin(site, ADMIN), 'POST', WEBINAR_PATHS.admin, {
    title: 'Speaking with confidence, for the first year of engineering colleges in Andhra Pradesh',
    startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    joinUrl: 'https://meet.example.in/confidence',
  });
  expect(scheduled.status).toBe(201);
  const values = (i: number): Record<string, string> => ({
    webinar: scheduled.body.webinar._id,
    name: i % 2 ? `आशा वर्मा ${i}` : `Venkatanarasimharajuvaripeta Subrahmanyam ${i}`,
    firstName: i % 2 ? 'आशा' : 'Venkatanarasimharajuvaripeta',
    lastName: i % 2 ? `वर्मा ${i}` : `Subrahmanyam ${i}`,
    email: `a.very.long.address.for.testing.${i}.${unique()}@example-college.edu.in`,
    phone: `98765${String(10_000 + i).slice(-5)}`,
    message: LONG,
    background: 'Corporate Employee',
    course: 'Corporate Training',
    password: 'secret123',
    // Seat bookings and proposal requests; a booking without a reference gets one from the server.
    programme: 'Corporate Training for Freshers',
    package: i % 2 ? 'Elite' : 'Elevate',
    batch: i % 2 ? 'Weekend batch starting 5 December 2026 (Saturdays and Sundays, 10 am)' : 'Next available batch',
    organisation: i % 2 ? `अखिल भारतीय प्रबंधन संस्थान ${i}` : `Venkateshwara Institute of Technology and Management Studies ${i}`,
    role: 'Training and Placement Officer',
    city: 'Visakhapatnam',
    participants: String(40 + i),
    preferredMonths: 'January, February or the first week of March',
  });
  for (const kind of LISTED_KINDS) {
    const fields = LEAD_KINDS[kind].fields;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postLead(site, LEAD_KINDS[kind].path, Object.fromEntries(fields.map((f) => [f.key, values(i)[f.key]]))),
      ),
    );
  }
}

/** What the page shows wider than it is: a sideways scroll, a header cut, a cell cut without its full value on hover. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > root.clientWidth + 1) problems.push(`page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    const wrap = document.querySelector('.console-table-wrap')!;
    if (wrap.scrollWidth > wrap.clientWidth + 1) problems.push(`table scrolls sideways: ${wrap.scrollWidth} > ${wrap.clientWidth}`);
    const table = document.querySelector('.console-table')!.getBoundingClientRect();
    // The wrap clips: a table wider than it would be cut, not scrolled.
    if (table.width > wrap.clientWidth + 2) problems.push(`table is ${table.width} px wide in ${wrap.clientWidth}`);
    if (table.right > window.innerWidth) problems.push(`table ends at ${table.right} past ${window.innerWidth}`);
    for (const th of document.querySelectorAll<HTMLElement>('.console-table thead th')) {
      if (th.scrollWidth > th.clientWidth + 1) problems.push(`header "${th.textContent}" is cut: ${th.scrollWidth} > ${th.clientWidth}`);
    }
    for (const cell of document.querySelectorAll<HTMLElement>('.console-table tbody td, .console-table tbody th')) {
      if (cell.scrollWidth <= cell.clientWidth + 1) continue;
      const clip = cell.querySelector<HTMLElement>('.cell-clip, .desk-cell');
      if (!clip || !clip.title) problems.push(`cell "${cell.textContent?.slice(0, 30)}" is cut with no full value`);
    }
    for (const clip of document.querySelectorAll<HTMLElement>('.console-table .cell-clip')) {
      if (clip.scrollWidth > clip.clientWidth + 1 && !clip.title) problems.push(`"${clip.textContent?.slice(0, 30)}" is cut with no title`);
    }
    // A number is what a counsellor dials and reads aloud: never cut, by its own box or its cell's.
    for (const cell of document.querySelectorAll<HTMLElement>('.console-table tbody td.console-table__phone')) {
      const number = cell.querySelector<HTMLElement>('a');
      if (!number) continue;
      const [box, inCell] = [number.getBoundingClientRect(), cell.getBoundingClientRect()];
      if (number.scrollWidth > number.clientWidth || box.right > inCell.right + 0.5)
        problems.push(
          `phone "${number.textContent}" is cut: ${number.scrollWidth} in ${number.clientWidth}, ends at ${box.right} in ${inCell.right}`,
        );
    }
    return problems;
  });
}

/** Stops links that leave the console (WhatsApp, a call, an email) from navigating; the page's own handlers still run. */
const keepLinksHome = (page: Page) =>
  page.evaluate(() =>
    document.addEventListener(
      'click',
      (e) => {
        if ((e.target as Element).closest('a[href^="https://wa.me"], a[href^="tel:"], a[href^="mailto:"]')) e.preventDefault();
      },
      true,
    ),
  );

describe('the counsellor workspace', () => {
  let adminToken: string;

  beforeAll(async () => {
    await seed();
    adminToken = await apiLogin(site, ADMIN);
  }, 120_000);

  for (const [width, height] of [
    [1024, 768],
    [1366, 768],
    [1920, 1080],
  ] as const) {
    it(`fits every list at ${width}×${height}: no clipped column, no sideways scroll`, async () => {
      const { page, errors } = await site.page({ viewport: { width, height } });
      await consoleLogin(site, page, ADMIN);
      for (const slug of LIST_SLUGS) {
        await page.goto(`${site.url}/admin/${slug}`);
        // Up to 30 s for the rows: a list of long Devanagari rows took over 15 s on a loaded machine.
        await expect.poll(() => page.locator('.console-table tbody tr').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(20);
        await docShot(page, `${slug}-${width}`);
        const problems = await layoutProblems(page);
        if (problems.length > 0) console.log(slug, width, JSON.stringify(problems.slice(0, 12)));
        expect(problems, `${slug} at ${width}`).toEqual([]);
        if (width === 1366) {
          // At least fifteen whole rows on the first screen.
          const visible = await page
            .locator('.console-table tbody tr')
            .evaluateAll((rows) => rows.filter((r) => r.getBoundingClientRect().bottom <= window.innerHeight).length);
          expect(visible, slug).toBeGreaterThanOrEqual(15);
        }
      }
      expect(errors).toEqual([]);
    });
  }

  it('shows cards and a full-screen panel at 390 px, with no sideways scroll', async () => {
    const { page } = await site.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await consoleLogin(site, page, ADMIN);
    await page.goto(`${site.url}/admin/contact`);
    await expect.poll(() => page.locator('.console-table tbody tr').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(20);
    const shape = await page.evaluate(() => ({
      scroll: document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth,
      head: getComputedStyle(document.querySelector('.console-table thead')!).display,
      row: getComputedStyle(document.querySelector('.console-table tbody tr')!).display,
      sidebar: document.querySelector('.console__sidebar')!.getBoundingClientRect().height,
    }));
    expect(shape).toMatchObject({ scroll: 0, head: 'none', row: 'grid' });
    // The sidebar no longer fills the first screen.
    expect(shape.sidebar).toBeLessThan(200);
    await page.locator('.console-table__open').first().click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('heading', { name: 'Timeline' }).waitFor();
    const box = (await panel.boundingBox())!;
    expect(box.width).toBe(390);
    expect(box.x).toBe(0);
  });

  it('shows every field of every card whole at 390 px, the phone number first and the WhatsApp button a full button', async () => {
    const { page, errors } = await site.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await consoleLogin(site, page, ADMIN);
    for (const slug of LIST_SLUGS) {
      await page.goto(`${site.url}/admin/${slug}`);
      await expect.poll(() => page.locator('.console-table tbody tr').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(20);
      await docShot(page, `${slug}-390`, true);
      const problems = await page.evaluate(() => {
        const found: string[] = [];
        const cut = (el: HTMLElement) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
        const within = (inner: DOMRect, outer: DOMRect) =>
          inner.top >= outer.top - 0.5 &&
          inner.bottom <= outer.bottom + 0.5 &&
          inner.left >= outer.left - 0.5 &&
          inner.right <= outer.right + 0.5;
        for (const [r, row] of [...document.querySelectorAll<HTMLElement>('.console-table tbody tr')].entries()) {
          const fields = [...row.querySelectorAll<HTMLElement>(':scope > th, :scope > td:not(.console-table__check)')];
          for (const field of fields) {
            const label = `row ${r} ${field.dataset.label ?? 'name'}`;
            const box = field.getBoundingClientRect();
            if (box.height === 0 || cut(field))
              found.push(`${label}: ${field.scrollWidth}×${field.scrollHeight} in ${field.clientWidth}×${field.clientHeight}`);
            for (const part of field.querySelectorAll<HTMLElement>('.cell-clip, .desk-cell, a, time, button, select')) {
              // A message is shown as its first lines, cut between lines with an ellipsis (the whole in its title and the panel).
              const clamped = part.classList.contains('long-text');
              if (!clamped && cut(part))
                found.push(
                  `${label} "${part.textContent?.slice(0, 24)}": ${part.scrollWidth}×${part.scrollHeight} in ${part.clientWidth}×${part.clientHeight}`,
                );
              if (!within(part.getBoundingClientRect(), box))
                found.push(`${label} "${part.textContent?.slice(0, 24)}" sticks out of its field`);
            }
            for (const text of field.querySelectorAll<HTMLElement>('.long-text')) {
              const lines = text.clientHeight / parseFloat(getComputedStyle(text).lineHeight);
              if (Math.abs(lines - Math.round(lines)) > 0.05 || !text.closest('[title]'))
                found.push(`${label}: the message is cut through a line (${lines} lines) or has no full text`);
            }
          }
          // The number first after the name, whole and on screen's width; WhatsApp a tappable button.
          const phone = row.querySelector<HTMLElement>('td.console-table__phone');
          if (phone) {
            const others = fields.filter((f) => f.tagName === 'TD' && f !== phone);
            if (others.some((f) => f.getBoundingClientRect().top < phone.getBoundingClientRect().top))
              found.push(`row ${r}: the phone is not the first field`);
            const number = phone.querySelector<HTMLElement>('a')!;
            const n = number.getBoundingClientRect();
            if (n.height < 16 || n.right > window.innerWidth || !/\d{10}/.test(number.textContent ?? ''))
              found.push(`row ${r}: the phone is not shown whole`);
            const wa = phone.querySelector<HTMLElement>('.row-reach__link--whatsapp');
            if (wa && (wa.getBoundingClientRect().width < 44 || wa.getBoundingClientRect().height < 36))
              found.push(`row ${r}: WhatsApp is a sliver`);
          }
        }
        return found;
      });
      if (problems.length > 0) console.log(slug, JSON.stringify(problems.slice(0, 12)));
      expect(problems, slug).toEqual([]);
    }
    expect(errors).toEqual([]);
  });

  it('fits the console header in one row at 390 px, with a menu that opens, closes with Escape and leads to the lists', async () => {
    const { page, errors } = await site.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await consoleLogin(site, page, ADMIN);
    await page.goto(`${site.url}/admin/join-free`);
    await page.locator('.console-table tbody tr').first().waitFor();
    const button = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Admin' });
    // One row: the page's own content starts within 64 px of the top; nav, search, logout wait in the menu.
    const top = () => page.locator('#console-main').evaluate((el) => el.getBoundingClientRect().top);
    expect(await top()).toBeLessThanOrEqual(64);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(false);
    await docShot(page, 'header-390');

    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    for (const id of (await button.getAttribute('aria-controls'))!.split(' ')) expect(await page.locator(`#${id}`).isVisible()).toBe(true);
    await nav.getByRole('link', { name: 'Contact Users' }).waitFor();
    await page.getByRole('combobox', { name: /Search every list/ }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await page.getByText('Welcome').waitFor();
    await docShot(page, 'menu-390');
    expect(await axeViolations(page)).toEqual([]);
    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    // A link in it goes there and closes it, the focus on the new page.
    await button.click();
    await nav.getByRole('link', { name: 'Contact Users' }).click();
    await page.waitForURL('**/admin/contact');
    await page.getByRole('heading', { name: 'Contact Users', level: 1 }).waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await top()).toBeLessThanOrEqual(64);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('console-main');
    expect(errors).toEqual([]);
  });

  it('opens WhatsApp with the lead number and the chosen template filled in, records the attempt and asks how it went', async () => {
    const tag = unique();
    const { data } = await postLead<{ data: { _id: string } }>(site, LEAD_PATHS_CONTACT, {
      firstName: 'Kavya',
      lastName: `Reach${tag}`,
      email: `kavya.${tag}@example.in`,
      phone: '9812345678',
      message: 'Call me',
    });
    const templates = (await apiCall<TemplatesResponse>(site, adminToken, 'GET', WORKSPACE_PATHS.templates)).body.data;
    const whatsapp = templates.filter((t) => t.channel === 'whatsapp');
    const hindi = whatsapp.find((t) => t.language === 'hindi')!;
    expect(hindi).toBeDefined();

    const { page, errors } = await site.page();
    await consoleLogin(site, page, ADMIN);
    await page.goto(`${site.url}/admin/contact?open=${data._id}`);
    await keepLinksHome(page);
    const panel = page.getByRole('dialog');
    const reach = panel.getByRole('region', { name: `Reach Kavya Reach${tag}` });
    await reach.getByLabel('WhatsApp message').selectOption(hindi.id);
    const link = reach.getByRole('link', { name: /^WhatsApp/ });
    const url = new URL((await link.getAttribute('href'))!);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/919812345678');
    const counsellor = (await apiAdminName(site, adminToken))!;
    expect(url.searchParams.get('text')).toBe(
      fillTemplate(hindi.body, { name: `Kavya Reach${tag}`, counsellor, link: `${site.url}/` }, 'hindi'),
    );
    expect(await link.getAttribute('target')).toBe('_blank');
    await link.click();
    const outcome = panel.getByRole('form', { name: 'Outcome of the WhatsApp' });
    await outcome.getByLabel('No answer').check();
    await outcome.getByLabel('No next step').check();
    await outcome.getByRole('button', { name: /^Save/ }).click();
    await toast(page, 'Outcome saved');
    // One activity: the attempt, completed with its outcome.
    const detail = (await apiCall<LeadDetail>(site, adminToken, 'GET', leadPath('contact', data._id))).body;
    const activities = detail.history.filter((h) => h.action === 'activity');
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({ activityType: 'whatsapp', outcome: 'no-answer' });
    expect(errors).toEqual([]);
  });

  it('finds a lead from the header search with its phone typed as WhatsApp copies it, and moves with the keys', async () => {
    const { page } = await site.page({ viewport: { width: 1366, height: 768 } });
    await consoleLogin(site, page, ADMIN);
    await page.goto(`${site.url}/admin/contact`);
    await expect.poll(() => page.locator('.console-table tbody tr').count()).toBeGreaterThan(2);
    await page.locator('h1').click();
    await page.keyboard.press('/');
    const search = page.getByRole('combobox', { name: /Search every list/ });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('+91 98123 45678');
    const hit = page.getByRole('listbox', { name: 'Leads found' }).getByRole('option', { name: /Kavya/ });
    await hit.waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/contact\?open=/);
    await page.getByRole('dialog').getByRole('heading', { name: /Kavya/ }).first().waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // j and k move between rows; Enter opens; s is the status of the lead in hand; ? the help.
    const rows = page.locator('.console-table__open');
    await rows.first().focus();
    await page.keyboard.press('j');
    await expect.poll(() => rows.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('k');
    await expect.poll(() => rows.nth(0).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('s');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(/^Status of /);
    await rows.first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('heading', { name: 'Timeline' }).waitFor();
    await page.keyboard.press('a');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toBe('Owner');
    await page.keyboard.press('Escape');
    await page.locator('h1').click();
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('sorts by a column from its header, in the URL', async () => {
    const { page } = await site.page({ viewport: { width: 1366, height: 768 } });
    await consoleLogin(site, page, ADMIN);
    await page.goto(`${site.url}/admin/join-free`);
    await expect.poll(() => page.locator('.console-table tbody tr').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(20);
    await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
    await page.waitForURL(/sort=name/);
    // The header shows the order once the page has rendered the new URL.
    await expect.poll(() => page.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    const names = async () => page.locator('.console-table__open').allTextContents();
    // Latin names before Devanagari ones in any collation; within each, character by character.
    const inOrder = (list: string[]) =>
      [...list].sort((a, b) => Number(/^[^A-Za-z]/.test(a)) - Number(/^[^A-Za-z]/.test(b)) || (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    // The rows on screen change once the sorted page has come.
    await expect
      .poll(async () => {
        const shown = await names();
        return shown.length >= 20 && shown.join('|') === inOrder(shown).join('|');
      })
      .toBe(true);
    await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
    await page.waitForURL(/sort=-name/);
    // The header shows the order once the page has rendered the new URL.
    await expect.poll(() => page.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');
  });

  it("opens a list filtered to the day from the overview's figures", async () => {
    const { page } = await site.page({ viewport: { width: 1366, height: 768 } });
    await consoleLogin(site, page, ADMIN);
    await page.goto(`${site.url}/admin`);
    await page.getByText('Show the numbers as a table').click();
    const day = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    await page
      .getByRole('link', { name: /in Join Free Users on/ })
      .first()
      .click();
    await page.waitForURL(new RegExp(`/admin/join-free\\?from=${day}&to=${day}$`));
    await expect.poll(() => page.locator('.console-table tbody tr').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(20);
  });

  it('shares a saved view: one member saves it for the team and another opens it from the sidebar', async () => {
    await joinTeam(site, site.peer, adminToken, COUNSELLOR, 'Meera Iyer', 'counsellor');
    const { page } = await site.page();
    await consoleLogin(site, page, ADMIN);
    await page.goto(`${site.url}/admin/need-help?status=new&sort=name`);
    await expect.poll(() => page.locator('.console-table tbody tr').count()).toBeGreaterThan(0);
    await page.getByText('Save view').click();
    const form = page.getByRole('form', { name: 'Save this view' });
    await form.getByLabel('Name of the view').fill('New enquiries A–Z');
    await form.getByLabel('Share with the team').check();
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'View "New enquiries A–Z" saved for the team');

    const { page: meera } = await site.page();
    await consoleLogin(site, meera, COUNSELLOR, '**/admin/my-day');
    const views = meera.getByRole('region', { name: 'Views' });
    await views.getByRole('link', { name: /New enquiries A–Z/ }).click();
    await meera.waitForURL(/\/admin\/need-help\?status=new&sort=name$/);
    await meera.getByRole('heading', { name: 'Need Help Users', level: 1 }).waitFor();
  });

  for (const width of [390, 1366] as const)
    it(`flags a likely duplicate in the list, merges it from the person, and undoes the merge (${width} px)`, async () => {
      const tag = unique();
      // Two people (A and B); then a third form with A's email and B's phone joins A by email
      // and shares a phone with B: B is flagged as likely the same person as A.
      const freeJoin = (email: string, phone: string) => postLead(site, LEAD_KINDS.freeJoin.path, { name: `Ravi Dup${tag}`, phone, email });
      await freeJoin(`ravi.one.${tag}@example.in`, `98${width === 390 ? '1' : '2'}0011122`);
      await freeJoin(`ravi.two.${tag}@example.in`, `98${width === 390 ? '1' : '2'}0011133`);
      await postLead(site, LEAD_KINDS.enquiry.path, {
        background: 'Corporate Employee',
        course: 'Corporate Training',
        name: `Ravi Dup${tag}`,
        email: `ravi.one.${tag}@example.in`,
        phone: `98${width === 390 ? '1' : '2'}0011133`,
      });
      const { page, errors } = await site.page({ viewport: { width, height: 900 } });
      await consoleLogin(site, page, ADMIN);
      await page.goto(`${site.url}/admin/join-free?q=Dup${tag}`);
      const flag = page.getByRole('link', { name: /Possible duplicate/ });
      // The linker matches new leads to people within seconds; the list shows the flag once it has.
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.locator('.console-table tbody tr').first().waitFor();
            return flag.count();
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      // Whole, not cut at its cell's edge.
      const cut = await flag.evaluate((el) => {
        const cell = el.closest('th, td, .console-card') ?? el.parentElement!;
        const [f, c] = [el.getBoundingClientRect(), cell.getBoundingClientRect()];
        return el.scrollWidth > el.clientWidth + 1 || f.right > c.right + 1 || f.left < c.left - 1;
      });
      expect(cut).toBe(false);
      await flag.click();
      await page.getByRole('heading', { name: `Ravi Dup${tag}`, level: 1 }).waitFor();
      // Its numbers are calls, as everywhere else.
      const phone = page
        .locator('.lead-fields')
        .getByRole('link', { name: /^98[12]00111(22|33)$/ })
        .first();
      expect(await phone.getAttribute('href')).toBe(`tel:+91${await phone.textContent()}`);
      const dups = page.getByRole('region', { name: 'Likely the same person' });
      await dups.getByText('same phone').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await dups.getByRole('button', { name: 'Merge into this person' }).click();
      await toast(page, `Ravi Dup${tag} merged into this person`);
      const submissions = page.getByRole('region', { name: 'What they sent' });
      await expect.poll(() => submissions.getByRole('listitem').count()).toBe(3);
      const timeline = page.getByRole('region', { name: 'Timeline' });
      // The merge once, in words; no raw "merge" line.
      await expect.poll(() => timeline.getByText(new RegExp(`^Merged Ravi Dup${tag} \\([12] forms?\\)$`)).count()).toBe(1);
      expect(await timeline.getByText('merge', { exact: true }).count()).toBe(0);
      const merges = page.getByRole('region', { name: 'Merges' });
      expect(await merges.textContent()).toMatch(/(am|pm) Undo/);
      await merges.getByRole('button', { name: 'Undo' }).click();
      await toast(page, 'Merge undone: they are two people again');
      await expect.poll(() => submissions.getByRole('listitem').count()).toBe(1);
      await expect
        .poll(async () => (await timeline.getByRole('listitem').filter({ hasText: 'Merged Ravi' }).textContent())?.includes('— undone'))
        .toBe(true);
      if (width === 1366) await docShot(page, 'console-person-merge', true);
      expect(errors).toEqual([]);
    });

  it('imports a sheet: checked first with each bad row and its reason, then stored; the same file again stores nothing', async () => {
    const tag = unique();
    const csv = `\uFEFFName,WhatsApp number,Email\r\nFair One ${tag},9811100001,fair1.${tag}@example.in\r\nFair Two ${tag},12345,fair2.${tag}@example.in\r\nFair Three ${tag},9811100003,fair3.${tag}@example.in\r\n`;
    const { page } = await site.page();
    await consoleLogin(site, page, ADMIN);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Import leads', level: 1 }).waitFor();
    await page.getByLabel('Into the list').selectOption('join-free');
    // The consent basis is asked for: without it the file is not sent.
    await page.getByLabel('CSV file').setInputFiles({ name: `fair-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByText(IMPORT_MESSAGES.consentBasisRequired).waitFor();
    await page.getByLabel('How these people agreed to be contacted').fill('Paper form at the Pune career fair, 12 Nov, consent box ticked');
    const upload = async () => {
      await page.getByLabel('CSV file').setInputFiles({ name: `fair-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: 'Check the file' }).click();
    };
    await upload();
    await page.getByText(`fair-${tag}.csv: 3 rows, 2 ready to import, 1 with problems.`).waitFor();
    const bad = page.getByRole('table', { name: 'Rows that will not be imported' });
    // Each refused row as a sentence naming the person.
    await bad.getByRole('cell', { name: new RegExp(`^Line 3, Fair Two ${tag}:`) }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Import 2 rows into Join Free Users' }).click();
    await page.getByText(/^2 imported, 1 left out\.$/).waitFor();
    await upload();
    await page.getByRole('button', { name: 'Import 2 rows into Join Free Users' }).click();
    await page.getByText(/^0 imported, 2 already imported before, 1 left out\.$/).waitFor();
    // An imported lead's panel shows the basis as its consent; a lead sent without one says it has none.
    const [imported] = (
      await apiCall<{ users: Array<{ _id: string }> }>(site, adminToken, 'GET', `${LEAD_KINDS.freeJoin.list.path}?q=fair1.${tag}`)
    ).body.users;
    await page.goto(`${site.url}/admin/join-free?open=${imported!._id}`);
    const consent = page.getByRole('region', { name: 'Consent' });
    await consent.getByText('Paper form at the Pune career fair, 12 Nov, consent box ticked', { exact: false }).waitFor();
    const bare = await postLead(site, LEAD_KINDS.freeJoin.path, {
      name: `Bare ${tag}`,
      phone: '9811100009',
      email: `bare.${tag}@example.in`,
    });
    await page.goto(`${site.url}/admin/join-free?open=${bare.user._id}`);
    await page.getByRole('region', { name: 'Consent' }).getByText(NO_CONSENT_ON_RECORD).waitFor();
  });

  it('lets an admin add a template, which a counsellor then sends from the panel', async () => {
    const { page } = await site.page();
    await consoleLogin(site, page, ADMIN);
    await page.goto(`${site.url}/admin/templates`);
    const add = page.getByRole('form', { name: 'Add a template' });
    await add.getByLabel('Name', { exact: true }).fill('Fair follow-up');
    await add.getByLabel('Language').selectOption('hinglish');
    await add.getByLabel(/^Message/).fill('Hi {name}, fair mein milke accha laga! {counsellor}');
    await add.getByRole('button', { name: 'Add template' }).click();
    await toast(page, 'Template added');
    await page.getByRole('heading', { name: /Fair follow-up/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const templates = (await apiCall<TemplatesResponse>(site, adminToken, 'GET', WORKSPACE_PATHS.templates)).body.data;
    expect(templates.some((t) => t.name === 'Fair follow-up' && t.language === 'hinglish')).toBe(true);
  });
});

describe('a counsellor’s morning, at 390 and 1366 px', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await apiLogin(site, ADMIN);
  });

  for (const width of [390, 1366] as const) {
    it(`opens on a first hello with no hole, records a tap as an attempt only, and says WhatsApp (${width} px)`, async () => {
      const tag = unique();
      const { data } = await postLead<{ data: { _id: string } }>(site, LEAD_PATHS_CONTACT, {
        firstName: 'Priyanka',
        lastName: `Hello${tag}`,
        email: `priyanka.${tag}@example.in`,
        phone: '9812300011',
        message: 'Tell me more',
      });
      const { page, errors } = await site.page({ viewport: { width, height: 844 } });
      await consoleLogin(site, page, ADMIN);
      await page.goto(`${site.url}/admin/contact?open=${data._id}`);
      await keepLinksHome(page);
      const reach = page.getByRole('region', { name: `Reach Priyanka Hello${tag}` });
      const picker = reach.getByLabel('WhatsApp message');
      await expect.poll(async () => (await picker.locator('option:checked').textContent())?.trim()).toBe('First hello (English)');
      const link = reach.getByRole('link', { name: /^WhatsApp/ });
      const text = new URL((await link.getAttribute('href'))!).searchParams.get('text')!;
      expect(text).toContain('Thank you for your interest in our courses.');
      expect(text).not.toMatch(/[{}]| [.,]/);
      await link.click();
      const outcome = page.getByRole('group', { name: 'How did the WhatsApp go?' });
      await outcome.waitFor();
      expect(await outcome.getByRole('button', { name: 'Save WhatsApp' }).isVisible()).toBe(true);
      // The tap is an attempt: the lead is still new, its clock still running.
      const tapped = (await apiCall<LeadDetail>(site, adminToken, 'GET', leadPath('contact', data._id))).body;
      expect(tapped.data).toMatchObject({ status: 'new', firstContactAt: null });
      // The follow-up it suggests falls inside working hours (Mon–Sat 09:00–19:00 IST).
      const when = await outcome.getByLabel('When (India time)').inputValue();
      const at = new Date(`${when}:00+05:30`);
      const minutes = Number(when.slice(11, 13)) * 60 + Number(when.slice(14, 16));
      expect(minutes, when).toBeGreaterThanOrEqual(9 * 60);
      expect(minutes, when).toBeLessThan(19 * 60);
      expect(new Date(at.getTime() + 330 * 60_000).getUTCDay(), when).not.toBe(0);
      await outcome.getByLabel('Connected').check();
      await outcome.getByLabel('No next step').check();
      await outcome.getByRole('button', { name: 'Save WhatsApp' }).click();
      await toast(page, 'Outcome saved');
      const saved = (await apiCall<LeadDetail>(site, adminToken, 'GET', leadPath('contact', data._id))).body;
      expect(saved.data).toMatchObject({ status: 'contacted', firstContactAt: expect.any(String) });
      if (width === 1366) await docShot(page, 'console-first-hello');
      expect(errors).toEqual([]);
    });

    it(`shows an import's refused rows by name and value, the ignored Date column and Assign these to me (${width} px)`, async () => {
      const { page } = await site.page({ viewport: { width, height: 900 } });
      await consoleLogin(site, page, ADMIN);
      await page.goto(`${site.url}/admin/import`);
      await page.getByLabel('Into the list').selectOption('join-free');
      const tag = unique();
      await page.getByLabel('CSV file').setInputFiles({
        name: 'stall.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          [
            'Name,Phone,Email,Date',
            `Asha ${tag},9876522001,asha.${tag}@fair.in,26/11/2026`,
            `Ravi Kumar,9.12346E+09,ravi.${tag}@fair.in,26/11/2026`,
            `Asha again,9876522001,asha2.${tag}@fair.in,26/11/2026`,
          ].join('\r\n'),
        ),
      });
      await page.getByLabel('How these people agreed to be contacted').fill('Walk-ins at our stall, 26 Nov, consent box ticked');
      await page.getByRole('button', { name: 'Check the file' }).click();
      const rows = page.getByRole('table', { name: 'Rows that will not be imported' });
      await rows
        .getByText("Line 3, Ravi Kumar: '9.12346E+09' is not a 10-digit number — format the Phone column as Text in Excel")
        .waitFor();
      await rows.getByText('Line 4, Asha again: the same phone as line 2 — left out, so they are not imported twice').waitFor();
      await page.getByText(/Not imported: “Date” — each lead is dated when it is imported/).waitFor();
      await page.getByLabel('Assign these to me (met at my stall)').check();
      if (width === 1366) await docShot(page, 'console-import-check', true);
      await page.getByRole('button', { name: /^Import 1 row/ }).click();
      await page.getByText(/1 imported.*1 assigned to you/).waitFor();
    });

    it(`asks before a template is deleted, from a quiet button (${width} px)`, async () => {
      const made = await apiCall<{ template: { id: string } }>(site, adminToken, 'POST', WORKSPACE_PATHS.templates, {
        name: `Spare ${width}`,
        language: 'english',
        channel: 'whatsapp',
        body: 'Hi {name}!',
      });
      expect(made.status).toBe(201);
      const { page } = await site.page({ viewport: { width, height: 900 } });
      await consoleLogin(site, page, ADMIN);
      await page.goto(`${site.url}/admin/templates`);
      const remove = page.getByRole('button', { name: `Delete Spare ${width}` });
      expect(await remove.getAttribute('class')).not.toMatch(/(^| )btn( |$)/);
      await remove.click();
      const dialog = page.getByRole('dialog', { name: `Delete the template "Spare ${width}"?` });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).first().click();
      await dialog.waitFor({ state: 'detached' });
      const still = (await apiCall<TemplatesResponse>(site, adminToken, 'GET', WORKSPACE_PATHS.templates)).body.data;
      expect(still.some((t) => t.name === `Spare ${width}`)).toBe(true);
      await remove.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
      await toast(page, `Template "Spare ${width}" deleted`);
    });
  }
});

const LEAD_PATHS_CONTACT = LEAD_KINDS.contact.path;

/** The admin's name as the console greets them. */
async function apiAdminName(s: { url: string }, token: string): Promise<string | undefined> {
  const me = await apiCall<{ admin: { name: string; email: string } }>(s, token, 'GET', '/api/admin/me');
  return me.body.admin.name || me.body.admin.email;
}
