// The site in Hindi under /hi/: prerendered with lang="hi" and both languages linked, the
// header's switch keeping the page and remembered, the contact form's messages in Hindi
// (the form's own and the server's), a Hindi form sent offline delivered once with its
// language, its own Devanagari font, axe clean, and the JavaScript on /hi/ within budget.
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import { adminApi, adminEnv, TEST_ADMIN } from '../support/console.ts';
import { axeViolations, gotoLive, offline, online } from '../support/pwa.ts';
import { fillFields, NO_SERVICE_WORKER, toast, unique, useSite, WITH_SERVICE_WORKER } from '../support/site.ts';

const site = useSite({ env: { ...adminEnv(), PUBLIC_RATE_LIMIT_PER_MINUTE: '0' } }, NO_SERVICE_WORKER);
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function listedContacts(q: string): Promise<Array<Record<string, unknown>>> {
  const api = adminApi(site, TEST_ADMIN);
  return (await api<{ contacts: Array<Record<string, unknown>> }>(`${LEAD_KINDS.contact.list.path}?q=${encodeURIComponent(q)}&limit=50`))
    .contacts;
}

/** The home page's intro video opens on a first visit; its close button speaks the page's language. */
async function closeVideo(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'वीडियो बंद करें' });
  await close.waitFor();
  await close.click();
  await page.locator('dialog').waitFor({ state: 'detached' });
}

describe('the Hindi pages as served', () => {
  it('are prerendered in Hindi with lang="hi", and every page names both languages (pages and sitemap)', async () => {
    for (const path of [
      '/hi',
      '/hi/about',
      '/hi/contact',
      '/hi/course/soft-skills',
      '/hi/services/skill-for-colleges',
      '/hi/blog',
      '/hi/privacy-policy',
    ]) {
      const html = await (await fetch(`${site.url}${path}`)).text();
      expect(html, path).toMatch(/<html lang="hi"/);
      const english = path === '/hi' ? '/' : path.slice(3);
      // The build's origin (PUBLIC_URL) before each path.
      expect(html, path).toMatch(new RegExp(`hreflang="en" href="https?://[^/"]+${english}"`));
      expect(html, path).toMatch(new RegExp(`hreflang="hi" href="https?://[^/"]+${path}"`));
      expect(html, path).toMatch(new RegExp(`hreflang="x-default" href="https?://[^/"]+${english}"`));
      expect(html, path).toContain('मुख्य सामग्री पर जाएँ');
    }
    const home = await (await fetch(`${site.url}/`)).text();
    expect(home).toMatch(/<html lang="en"/);
    expect(home).toMatch(/hreflang="hi" href="https?:\/\/[^/"]+\/hi"/);
    const hindiHome = await (await fetch(`${site.url}/hi`)).text();
    expect(hindiHome).toContain('आत्मविश्वास से बोलिए');
    expect(hindiHome).toContain('5,000');
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    expect(sitemap).toMatch(/<loc>https?:\/\/[^/<]+\/hi\/course\/soft-skills<\/loc>/);
    expect(sitemap).toMatch(/<loc>https?:\/\/[^/<]+\/course\/soft-skills<\/loc>/);
    expect(sitemap).toMatch(/hreflang="hi" href="https?:\/\/[^/"]+\/hi\/course\/soft-skills"/);
  });
});

describe('the language switch', () => {
  it('keeps the page, and a visitor who chose Hindi gets Hindi on their next visit (crawlers never)', async () => {
    const { page, errors } = await site.page(PHONE);
    await gotoLive(page, `${site.url}/contact`);
    await page.getByTestId('lang-switch').click();
    await page.waitForURL('**/hi/contact');
    await page.getByRole('heading', { name: 'हमें संदेश भेजें' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    // Next visit, typing the address: the home page, in the language they chose.
    await page.goto(`${site.url}/`);
    await page.waitForURL(/\/hi$/);
    await page.getByRole('heading', { level: 1, name: /आत्मविश्वास से बोलिए/ }).waitFor();
    // Choosing English again is remembered too.
    await closeVideo(page);
    await page.getByTestId('lang-switch').click();
    await page.waitForURL((u) => u.pathname === '/');
    await gotoLive(page, `${site.url}/about`);
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(errors).toEqual([]);

    // A first visit (a crawler, a new visitor) gets the page it asked for.
    const fresh = await site.page();
    await gotoLive(fresh.page, `${site.url}/about`);
    expect(new URL(fresh.page.url()).pathname).toBe('/about');
  });
});

describe('the Hindi contact form', () => {
  it('speaks Hindi: the form’s messages, the server’s (Accept-Language), and what it says when offline; delivered once with its language', async () => {
    const { page, errors } = await site.page({ ...PHONE, ...WITH_SERVICE_WORKER });
    await gotoLive(page, `${site.url}/hi/contact`);
    await page.getByRole('button', { name: 'संदेश भेजें' }).click();
    await page.getByText('ईमेल भरना ज़रूरी है', { exact: true }).waitFor();
    await page.getByText('पहला नाम भरना ज़रूरी है', { exact: true }).waitFor();

    // The server's own answer, in Hindi: a request the form cannot make, sent as the outbox sends.
    const refused = await fetch(`${site.url}/api/v1/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'hi-IN,hi;q=0.9,en;q=0.8', 'Idempotency-Key': `hi-${unique()}` },
      body: JSON.stringify({ firstName: 'आशा', lastName: 'राव', email: 'asha@example', phone: '123', message: 'नमस्ते' }),
    });
    expect(refused.status).toBe(400);
    const answer = (await refused.json()) as { message: string; errors: Record<string, string> };
    expect(answer.errors.email).toBe('ईमेल पता सही नहीं है');
    expect(answer.errors.phone).toBe('कृपया सही 10 अंकों का नंबर लिखें');

    const email = `asha.${unique()}@example.in`;
    await fillFields(page, {
      'पहला नाम': 'आशा',
      उपनाम: 'राव',
      ईमेल: email,
      'फ़ोन नंबर': '98765 43210',
      संदेश: 'कॉलेज प्रोग्राम के बारे में जानना है।',
    });
    await offline(page.context());
    await page.getByRole('button', { name: 'संदेश भेजें' }).click();
    await toast(page, 'इस डिवाइस पर सहेज लिया गया — इंटरनेट वापस आते ही अपने-आप भेज दिया जाएगा');
    expect(await listedContacts(email)).toEqual([]);
    const sent: Array<Record<string, string>> = [];
    page.context().on('request', (r) => {
      if (r.url().includes('/api/v1/')) sent.push(r.headers());
    });
    await online(page.context());
    await expect.poll(async () => (await listedContacts(email)).length, { timeout: 30_000 }).toBe(1);
    expect(sent.some((h) => h['accept-language'] === 'hi')).toBe(true);
    await page.reload();
    await expect.poll(async () => (await listedContacts(email)).length).toBe(1);

    // The Hindi outbox tells of it in Hindi, its date written the Hindi way.
    await gotoLive(page, `${site.url}/hi/outbox`);
    await page.getByRole('heading', { level: 1, name: 'आउटबॉक्स' }).waitFor();
    const item = page.getByTestId('outbox-item').filter({ hasText: email });
    await item.getByText('भेज दिया', { exact: true }).waitFor();
    await page.getByText('कुछ भी भेजना बाकी नहीं है।', { exact: false }).waitFor();
    const meta = (await item.locator('.outbox-item__meta').textContent()) ?? '';
    expect(meta).toContain('सहेजा');
    expect(meta).not.toMatch(/saved|sent/);
    expect(await page.locator('main').textContent()).not.toMatch(/Outbox|Waiting|Needs attention/);
    // The only errors: the browser's own report of the requests that failed while offline.
    expect(
      errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)),
      JSON.stringify(errors),
    ).toEqual([]);
  });
});

describe('Hindi pages in the browser', () => {
  for (const path of ['/hi', '/hi/contact', '/hi/course/soft-skills']) {
    it(`${path}: axe clean at 390 px, no sideways scroll, its own Devanagari font`, async () => {
      const { page, errors } = await site.page(PHONE);
      await gotoLive(page, `${site.url}${path}`);
      if (path === '/hi') await closeVideo(page);
      const violations = await axeViolations(page);
      expect(violations, JSON.stringify(violations, null, 1).slice(0, 1500)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.evaluate(() => document.fonts.ready);
      const fonts = await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family));
      expect(fonts.map((f) => f.replace(/"/g, ''))).toContain('SkillUp Devanagari');
      expect(errors).toEqual([]);
    });
  }

  it('an English page never downloads the Devanagari font', async () => {
    const { page } = await site.page();
    const fonts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/fonts/')) fonts.push(r.url());
    });
    await gotoLive(page, `${site.url}/`);
    await page.evaluate(() => document.fonts.ready);
    expect(fonts).toEqual([]);
  });

  it('loads at most 115 KB of gzipped JavaScript on /hi/', async () => {
    const { page } = await site.page(PHONE);
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script' || r.url().endsWith('.js')) scripts.push(r.url());
    });
    await page.goto(`${site.url}/hi`, { waitUntil: 'networkidle' });
    await closeVideo(page);
    let total = 0;
    for (const url of new Set(scripts)) total += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
    console.log(`JS loaded by /hi: ${scripts.length} files, ${total} B (${(total / 1024).toFixed(1)} KB) gzip`);
    expect(total).toBeLessThanOrEqual(115 * 1024);
  });
});
