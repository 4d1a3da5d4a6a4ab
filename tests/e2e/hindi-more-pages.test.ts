// The rest of the Hindi site at 390 px against the production build: the blog index, the
// policies, sign-up, join now, Delete my data, webinars and the 404 prerendered in Hindi
// with lang="hi"; the switch keeps the page; a form's errors in Hindi; a webinar
// registration made on /hi/webinars delivered (its Hindi email: api/leads/mail-language.test.ts); axe clean on each page.
// Screenshots go to SCREENSHOTS_DIR when it is set.
import { describe, expect, it } from 'vitest';
import { ADMIN_PATHS } from '../../contract/admin.ts';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import { WEBINAR_PATHS } from '../../contract/webinars.ts';
import { adminApi, adminEnv, TEST_ADMIN } from '../support/console.ts';
import { axeViolations, gotoLive } from '../support/pwa.ts';
import { fillFields, NO_SERVICE_WORKER, toast, unique, useSite } from '../support/site.ts';
import { docShot } from '../support/shots.ts';

const site = useSite({ env: { ...adminEnv(), PUBLIC_RATE_LIMIT_PER_MINUTE: '0' } }, NO_SERVICE_WORKER);
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 900 } };

/** Each page and a heading it shows in Hindi. */
const PAGES: Array<[string, string]> = [
  ['/hi/blog', 'SkillUp ब्लॉग'],
  ['/hi/privacy-policy', 'गोपनीयता नीति'],
  ['/hi/return-policy', 'रिटर्न और रिफ़ंड नीति'],
  ['/hi/terms-conditions', 'नियम और शर्तें'],
  ['/hi/shipping-policy', 'शिपिंग और डिलीवरी नीति'],
  ['/hi/signup', 'पर्सनैलिटी चेकर'],
  ['/hi/join-now', 'अभी जुड़ें'],
  ['/hi/delete-my-data', 'मेरा डेटा मिटाएँ'],
  ['/hi/webinars', 'हमारे ट्रेनरों से लाइव सीखिए'],
];

async function adminToken(): Promise<string> {
  const res = await fetch(site.url + ADMIN_PATHS.login, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  });
  return ((await res.json()) as { token: string }).token;
}

describe('the Hindi pages, part two', () => {
  it('are prerendered in Hindi with lang="hi"; the blog says its posts are English and marks them so', async () => {
    for (const [path, heading] of PAGES) {
      const html = await (await fetch(`${site.url}${path}`)).text();
      expect(html, path).toMatch(/<html lang="hi"/);
      expect(html, path).toContain(heading);
      expect(html, path).not.toContain('data-testid="english-only"');
    }
    const blog = await (await fetch(`${site.url}/hi/blog`)).text();
    expect(blog).toContain('हमारे लेख अभी अंग्रेज़ी में हैं।');
    expect(blog).toMatch(/<ul class="post-grid" lang="en">/);
    const english = await (await fetch(`${site.url}/blog`)).text();
    expect(english).not.toContain('हमारे लेख');
  });

  it('each is axe clean at 390 px with no sideways scroll, and the 404 speaks Hindi', async () => {
    const { page, errors } = await site.page(PHONE);
    for (const [path, heading] of [...PAGES, ['/hi/no-such-page', 'पेज नहीं मिला'] as [string, string]]) {
      await gotoLive(page, `${site.url}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang), path).toBe('hi');
      const violations = await axeViolations(page);
      expect(violations, `${path}: ${JSON.stringify(violations, null, 1).slice(0, 1500)}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
      await docShot(page, `${path.slice(1).replace(/\//g, '-')}-390`, true);
    }
    const desktop = await site.page(DESKTOP);
    for (const path of ['/hi/blog', '/hi/privacy-policy', '/hi/signup', '/hi/webinars']) {
      await gotoLive(desktop.page, `${site.url}${path}`);
      await docShot(desktop.page, `${path.slice(1).replace(/\//g, '-')}-1366`, true);
    }
    const unexpected = errors.filter((e) => !/404/.test(e));
    expect(unexpected, JSON.stringify(unexpected)).toEqual([]);
  });

  it('the switch keeps the page: the English policy to the Hindi one and back', async () => {
    const { page } = await site.page(PHONE);
    await gotoLive(page, `${site.url}/privacy-policy`);
    await page.getByTestId('lang-switch').click();
    await page.waitForURL('**/hi/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'गोपनीयता नीति' }).waitFor();
    await page.getByTestId('lang-switch').click();
    await page.waitForURL((u) => u.pathname === '/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
  });

  it('sign-up and Delete my data give their errors in Hindi', async () => {
    const { page, errors } = await site.page(PHONE);
    await gotoLive(page, `${site.url}/hi/signup`);
    await page.getByRole('button', { name: 'टेस्ट शुरू करें' }).click();
    await page.getByText('सभी जानकारी भरना ज़रूरी है!', { exact: true }).first().waitFor();
    await page.getByLabel('पूरा नाम', { exact: true }).waitFor();
    await gotoLive(page, `${site.url}/hi/delete-my-data`);
    await page.getByLabel('ईमेल', { exact: true }).fill('asha@example');
    await page.getByRole('button', { name: 'मुझे लिंक भेजें' }).click();
    await page.getByText('ईमेल पता सही नहीं है', { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });

  it('a webinar registration on /hi/webinars is delivered, after its errors in Hindi', async () => {
    const token = await adminToken();
    const title = `इंटरव्यू की तैयारी ${unique()}`;
    const made = await fetch(site.url + WEBINAR_PATHS.admin, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title, startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(), joinUrl: 'https://meet.example.in/hi' }),
    });
    expect(made.status).toBe(201);

    const { page, errors } = await site.page(PHONE);
    await gotoLive(page, `${site.url}/hi/webinars`);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('button', { name: `${title} के लिए रजिस्टर करें` }).click();
    const form = page.getByTestId('webinar-form');
    await form.getByRole('button', { name: 'रजिस्टर करें' }).click();
    await form.getByText('नाम भरना ज़रूरी है', { exact: true }).waitFor();
    const email = `webinar.hi.${unique()}@example.in`;
    await fillFields(form, { नाम: 'नेहा कपूर', ईमेल: email, 'फ़ोन नंबर': '98765 43210' });
    await form.getByRole('button', { name: 'रजिस्टर करें' }).click();
    await toast(page, 'आपका रजिस्ट्रेशन हो गया है। जुड़ने का लिंक आपके ईमेल पर भेजा जा रहा है।');
    const api = adminApi(site, TEST_ADMIN);
    const list = async () =>
      (await api<{ data: Array<Record<string, unknown>> }>(`${LEAD_KINDS.webinar.list.path}?q=${encodeURIComponent(email)}&limit=50`)).data;
    await expect.poll(async () => (await list()).length, { timeout: 30_000 }).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await docShot(page, 'hi-webinars-registered-390', true);
    expect(errors).toEqual([]);
  });
});
