// The Reports page in Chromium against the built server: leads from three sources and none,
// some of them booking a seat and some of those paying (marked paid in the console), then the
// admin reads the funnel at 1366 px, enters a month's spend in the form, opens the funnel's
// table from the keyboard and downloads its CSV (every figure checked, the costs the spend
// bought among them), reads the revenue table, and the page is read at 390 px too; axe on it.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS } from '../../contract/bookings.ts';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import { REPORT_PATHS, type FunnelResponse } from '../../contract/reports.ts';
import { axeViolations } from '../support/pwa.ts';
import { apiCall, apiLogin, consoleLogin, postLead } from '../support/console.ts';
import { toast, unique, useSite, NO_SERVICE_WORKER } from '../support/site.ts';
import { docShot } from '../support/shots.ts';

const ADMIN = { email: 'report.admin@example.in', password: 'report admin password' };
const site = useSite(
  { env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, PUBLIC_RATE_LIMIT_PER_MINUTE: '0' } },
  NO_SERVICE_WORKER,
);

/** This IST month's first and last days, and the month. */
function thisMonth() {
  const today = new Date(Date.now() + 330 * 60_000);
  const [y, m] = [today.getUTCFullYear(), today.getUTCMonth()];
  const last = new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
  return { month: last.slice(0, 7), from: `${last.slice(0, 7)}-01`, to: last };
}

let serial = 0;
async function lead(
  kind: 'contact' | 'freeJoin' | 'enquiry',
  utmSource: string | null,
): Promise<{ name: string; email: string; phone: string }> {
  serial += 1;
  const person = {
    name: `Student ${serial}`,
    email: `report.${serial}.${unique()}@example.in`,
    phone: `97${String(10_000_000 + serial * 7919).slice(-8)}`,
  };
  const body: Record<string, unknown> =
    kind === 'contact'
      ? { firstName: 'Student', lastName: String(serial), email: person.email, phone: person.phone, message: 'Please call me' }
      : kind === 'enquiry'
        ? { ...person, background: 'College Student', course: 'Soft Skills' }
        : person;
  if (utmSource) body.source = { last: { utm_source: utmSource } };
  await postLead(site, LEAD_KINDS[kind].path, body);
  return person;
}

async function book(token: string, person: { name: string; email: string; phone: string }, pkg: 'Elevate' | 'Elite', paid: boolean) {
  const booked = await postLead(site, LEAD_KINDS.booking.path, {
    programme: 'Soft Skill For Students',
    package: pkg,
    batch: 'Next available batch',
    ...person,
  });
  if (paid)
    expect((await apiCall(site, token, 'PATCH', `${BOOKING_PATHS.payment}/${booked.data._id}`, { paymentStatus: 'paid' })).status).toBe(
      200,
    );
}

describe('the Reports page', () => {
  const period = thisMonth();
  let token: string;

  beforeAll(async () => {
    token = await apiLogin(site, ADMIN);
    const google = [
      await lead('contact', 'google'),
      await lead('contact', 'google'),
      await lead('contact', 'google'),
      await lead('contact', 'google'),
    ];
    const instagram = [await lead('freeJoin', 'instagram'), await lead('freeJoin', 'instagram'), await lead('freeJoin', 'instagram')];
    await lead('enquiry', 'college-fair');
    await lead('enquiry', 'college-fair');
    await lead('contact', null);
    await book(token, google[0]!, 'Elite', true);
    await book(token, google[1]!, 'Elite', false);
    await book(token, google[2]!, 'Elevate', true);
    await book(token, instagram[0]!, 'Elevate', true);
    // The linker joins each booking to its person in the background.
    const totals = async () =>
      (await apiCall<FunnelResponse>(site, token, 'GET', `${REPORT_PATHS.funnel}?by=source&from=${period.from}&to=${period.to}`)).body
        .totals;
    // Polled until the linker has joined them (expect.poll is for tests, not hooks).
    for (const end = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 250))) {
      const seen = await totals();
      if (seen.leads === 10 && seen.booked === 4 && seen.paid === 3) break;
      if (Date.now() > end) throw new Error(`the report never counted everyone: ${JSON.stringify(seen)}`);
    }
  });

  it('shows the funnel, takes the spend, and gives the same figures as a table and as CSV', async () => {
    const { page } = await site.page({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    await consoleLogin(site, page, ADMIN);
    await page.goto(`${site.url}/admin/reports?by=source&from=${period.from}&to=${period.to}`);
    const funnel = page.getByRole('region', { name: 'Funnel by source' });
    await expect.poll(() => funnel.getByRole('img').getAttribute('aria-label')).toContain('10 people first seen');
    expect(await funnel.getByRole('img').getAttribute('aria-label')).toContain('4 contacted, 4 booked, 3 paid ₹12,497');

    await page.getByLabel('Source (utm_source)').fill('google');
    expect(await page.getByLabel('Month').inputValue()).toBe(period.month);
    await page.getByLabel('Spend (₹)').fill('3000');
    await page.getByRole('button', { name: 'Save spend' }).click();
    await toast(page, `Spend saved: google, ${period.month}, ₹3,000`);
    await page.getByTestId('spend-entries').getByText('₹3,000').waitFor();

    // The keyboard's way to the numbers.
    const toggle = funnel.getByRole('button', { name: 'Show as table' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    const google = funnel.getByRole('row', { name: /^google / });
    await expect
      .poll(() => google.getByRole('cell').allInnerTexts())
      .toEqual(['4', '3', '3', '2', '9998', '0', '3000', '750', '1500', '3.33']);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      funnel.getByRole('button', { name: 'Download CSV of Funnel by source' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`funnel-by-source-${period.from}-to-${period.to}.csv`);
    expect(await readFile((await download.path())!, 'utf8')).toBe(
      [
        'Source,Leads,Contacted,Booked,Paid,Revenue (₹),Median days to paid,Spend (₹),Cost per lead (₹),Cost per paid seat (₹),Return on spend',
        'google,4,3,3,2,9998,0,3000,750,1500,3.33',
        'instagram,3,1,1,1,2499,0,0,0,0,',
        'college-fair,2,0,0,0,0,,0,0,,',
        'No source,1,0,0,0,0,,0,0,,',
        'All,10,4,4,3,12497,0,3000,300,1000,4.17',
        '',
      ].join('\r\n'),
    );

    const revenue = page.getByRole('region', { name: 'Revenue by week and source' });
    await revenue.getByRole('button', { name: 'Show as table' }).click();
    expect(await revenue.getByRole('columnheader').allTextContents()).toEqual(['Week from', 'google (₹)', 'instagram (₹)', 'Total (₹)']);
    expect(await revenue.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).toEqual(['9998', '2499', '12497']);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('reads at 390 px: no sideways scroll, the charts whole', async () => {
    for (const width of [1366, 390]) {
      const { page } = await site.page({ viewport: { width, height: 900 } });
      await consoleLogin(site, page, ADMIN);
      await page.goto(`${site.url}/admin/reports?by=source&from=${period.from}&to=${period.to}`);
      await page.getByRole('region', { name: 'Funnel by source' }).getByRole('img').waitFor();
      await page.getByTestId('spend-entries').waitFor();
      const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);
      expect(overflow, `${width} px`).toBe(0);
      await docShot(page, `console-reports-${width}`, true);
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
