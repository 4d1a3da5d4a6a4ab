// The Hindi about, course, programme and gallery pages and the forms they open, on a phone
// (390 px): each page in Hindi (lang="hi", its own words, not the English-only note), no
// sideways scroll with long Hindi words, axe clean; the language switch keeps the page; the
// forms' labels and errors in Hindi; Hindi submissions delivered (offline first for the
// proposal) and stored with site_language 'hi' (read from the database on Postgres; on the
// embedded one, from what the browser sent, which api/resources/lead-language-forms.test.ts
// proves is stored on both).
import pg from 'pg';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES_HI } from '../../contract/messages-hi.ts';
import { adminEnv, storedLeads } from '../support/console.ts';
import { axeViolations, gotoLive, offline, online } from '../support/pwa.ts';
import { fillFields, NO_SERVICE_WORKER, toast, unique, useSite, WITH_SERVICE_WORKER } from '../support/site.ts';

const site = useSite({ env: { ...adminEnv(), PUBLIC_RATE_LIMIT_PER_MINUTE: '0' } }, NO_SERVICE_WORKER);
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DEVANAGARI = /[\u0900-\u097F]/;

const PAGES: Record<string, string> = {
  '/hi/about': 'हमारे बारे में',
  '/hi/course/soft-skills': 'छात्रों के लिए सॉफ्ट स्किल्स',
  '/hi/services/skill-for-colleges': 'कॉलेजों के लिए स्किल',
  '/hi/services/skill-for-schools': 'स्कूलों के लिए स्किल',
  '/hi/services/corporate-training': 'फ्रेशर्स के लिए कॉर्पोरेट ट्रेनिंग',
  '/hi/services/b2b-outsourcing': 'B2B सॉफ्ट स्किल्स आउटसोर्सिंग',
  '/hi/gallery': 'गैलरी',
};

/** The language a lead was stored with: from the database on Postgres, else from the body the browser sent it in. */
async function storedLanguage(table: string, email: string, sent: Request[]): Promise<string> {
  const url = site.server.databaseUrl;
  if (!url) {
    const body = sent.map((r) => JSON.parse(r.postData() ?? '{}') as Record<string, unknown>).find((b) => b.email === email);
    return String(body?.lang);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ site_language: string }>(`select site_language from ${table} where email = $1`, [email]);
    return rows.map((r) => r.site_language).join();
  } finally {
    await client.end();
  }
}

/** The API requests a page makes, kept to read what each carried. */
function apiRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.context().on('request', (r) => {
    if (r.url().includes('/api/v1/') && r.method() === 'POST') sent.push(r);
  });
  return sent;
}

describe('the Hindi pages at 390 px', () => {
  for (const [path, heading] of Object.entries(PAGES)) {
    it(`${path}: in Hindi, no sideways scroll, axe clean`, async () => {
      const { page, errors } = await site.page(PHONE);
      await gotoLive(page, `${site.url}${path}`);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.getByTestId('english-only').count()).toBe(0);
      // Every section heading on the page is Hindi (the shared sections' words included).
      const headings = await page.locator('main h2').allTextContents();
      expect(headings.filter((h) => !DEVANAGARI.test(h))).toEqual([]);
      // The longest words end inside the screen, whatever the section.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // (A strip that scrolls or clips on purpose, the logo marquee or the video strip, holds its overflow.)
      const wide = await page.evaluate(() => {
        const right = (el: Element) => el.getBoundingClientRect().right;
        const held = (el: Element): boolean => {
          for (let a = el.parentElement; a; a = a.parentElement) {
            if (getComputedStyle(a).overflowX !== 'visible' && right(a) <= window.innerWidth + 1) return true;
          }
          return false;
        };
        return [...document.querySelectorAll('main *')]
          .filter((el) => right(el) > window.innerWidth + 1 && !held(el))
          .map((el) => `${el.tagName}.${String(el.className)}: ${el.textContent?.slice(0, 40)}`);
      });
      expect(wide).toEqual([]);
      const violations = await axeViolations(page);
      expect(violations, JSON.stringify(violations, null, 1).slice(0, 1500)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  it('the prerendered pages are already Hindi, prices in Indian grouping', async () => {
    const course = await (await fetch(`${site.url}/hi/course/soft-skills`)).text();
    expect(course).toContain('छात्रों के लिए सॉफ्ट स्किल्स');
    expect(course).toContain('₹2,499');
    expect(course).toContain('अक्सर पूछे जाने वाले सवाल');
    const program = await (await fetch(`${site.url}/hi/services/b2b-outsourcing`)).text();
    expect(program).toContain('यह क्यों ज़रूरी है');
    expect(program).not.toContain('data-testid="english-only"');
  });

  it('the language switch keeps the programme page both ways', async () => {
    const { page, errors } = await site.page(PHONE);
    await gotoLive(page, `${site.url}/hi/services/corporate-training`);
    await page.getByTestId('lang-switch').click();
    await page.waitForURL((u) => u.pathname === '/services/corporate-training');
    await page.getByRole('heading', { level: 1, name: 'Corporate Training for Freshers' }).waitFor();
    await page.getByTestId('lang-switch').click();
    await page.waitForURL((u) => u.pathname === '/hi/services/corporate-training');
    await page.getByRole('heading', { level: 1, name: 'फ्रेशर्स के लिए कॉर्पोरेट ट्रेनिंग' }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('the forms on the Hindi pages', () => {
  it('the enquiry: Hindi steps, options and errors; sent, stored in Hindi', async () => {
    const { page, errors } = await site.page(PHONE);
    const sent = apiRequests(page);
    await gotoLive(page, `${site.url}/hi/course/soft-skills`);
    const form = page.getByTestId('enquiry-form');
    await form.getByText('चरण 1 / 2: आपके बारे में').waitFor();
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel('आप क्या करते हैं').selectOption({ label: 'कॉलेज छात्र' });
    await form.getByLabel('आपको किस कोर्स में रुचि है').selectOption({ label: 'सॉफ्ट स्किल्स' });
    await form.getByRole('button', { name: 'आगे बढ़ें' }).click();
    await form.getByText('चरण 2 / 2: संपर्क की जानकारी').waitFor();
    await form.getByRole('button', { name: 'भेजें' }).click();
    await form.getByText('नाम भरना ज़रूरी है', { exact: true }).waitFor();
    await form.getByText('ईमेल भरना ज़रूरी है', { exact: true }).waitFor();
    const email = `asha.enquiry.${unique()}@example.in`;
    await fillFields(form, { नाम: 'आशा राव', ईमेल: 'asha@gmail', 'फ़ोन नंबर': '98765 43210' });
    await form.getByRole('button', { name: 'भेजें' }).click();
    await form.getByText(MESSAGES_HI.invalidEmail, { exact: true }).waitFor();
    await fillFields(form, { ईमेल: email });
    await form.getByRole('button', { name: 'भेजें' }).click();
    await toast(page, MESSAGES_HI.enquirySuccess);
    await expect.poll(() => storedLeads(site).count('need-help', email), { timeout: 30_000 }).toBe(1);
    expect(await storedLanguage('enquiries', email, sent)).toBe('hi');
    expect(errors).toEqual([]);
  });

  it('the proposal: Hindi labels and errors; filled offline, delivered once when online, stored in Hindi', async () => {
    const { page, errors } = await site.page({ ...PHONE, ...WITH_SERVICE_WORKER });
    const sent = apiRequests(page);
    await gotoLive(page, `${site.url}/hi/services/skill-for-schools`);
    await page.getByRole('button', { name: 'प्रस्ताव मँगवाएँ' }).click();
    const dialog = page.getByRole('dialog', { name: 'प्रस्ताव मँगवाएँ' });
    await dialog.getByText('हम “स्कूलों के लिए स्किल” का प्रस्ताव', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'प्रस्ताव मँगवाएँ' }).click();
    await dialog.getByText('संस्था भरना ज़रूरी है', { exact: true }).waitFor();
    await dialog.getByText('शहर भरना ज़रूरी है', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const email = `pradhan.${unique()}@example.in`;
    await fillFields(dialog, {
      संस्था: 'राजकीय उच्चतर माध्यमिक विद्यालय, पुणे',
      नाम: 'सुनीता अरोड़ा',
      'आपका पद': 'प्रधानाचार्य',
      ईमेल: email,
      'फ़ोन नंबर': '98111 22233',
      शहर: 'पुणे',
      'कितने लोग': '240',
      'पसंद के महीने': 'जनवरी–फ़रवरी',
    });
    await offline(page.context());
    await dialog.getByRole('button', { name: 'प्रस्ताव मँगवाएँ' }).click();
    await toast(page, 'इस डिवाइस पर सहेज लिया गया — इंटरनेट वापस आते ही अपने-आप भेज दिया जाएगा');
    await online(page.context());
    await expect.poll(() => storedLeads(site).count('proposals', email), { timeout: 30_000 }).toBe(1);
    expect(sent.some((r) => r.headers()['accept-language'] === 'hi')).toBe(true);
    expect(await storedLanguage('proposals', email, sent)).toBe('hi');
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e))).toEqual([]);
  });

  it('the booking: Hindi form and confirmation, the seat held, stored in Hindi', async () => {
    const { page, errors } = await site.page(PHONE);
    const sent = apiRequests(page);
    await gotoLive(page, `${site.url}/hi/course/soft-skills`);
    await page.getByRole('button', { name: 'अभी ख़रीदें' }).click();
    const dialog = page.getByRole('dialog', { name: 'अपनी सीट बुक करें' });
    await dialog
      .getByLabel('प्रोग्राम')
      .locator('option:checked')
      .filter({ hasText: 'छात्रों के लिए सॉफ्ट स्किल्स' })
      .waitFor({ state: 'attached' });
    await dialog.getByLabel('पैकेज').selectOption({ label: 'Elite — ₹7,499' });
    await dialog.getByRole('button', { name: 'मेरी सीट बुक करें' }).click();
    await dialog.getByText('फ़ोन नंबर भरना ज़रूरी है', { exact: true }).waitFor();
    const email = `ravi.booking.${unique()}@example.in`;
    await fillFields(dialog, { नाम: 'रवि कुमार', ईमेल: email, 'फ़ोन नंबर': '98765 11223' });
    await dialog.getByRole('button', { name: 'मेरी सीट बुक करें' }).click();
    await toast(page, MESSAGES_HI.bookingSuccess);
    await dialog.getByText('आपका बुकिंग रेफ़रेंस:').waitFor();
    await dialog.getByText('आपकी बुकिंग हमें मिल गई है। भुगतान करते समय यह रेफ़रेंस बताएँ।').waitFor();
    await dialog.getByRole('heading', { name: 'अपनी सीट के लिए ₹7,499 का भुगतान करें' }).waitFor();
    await expect.poll(() => storedLeads(site).count('bookings', email), { timeout: 30_000 }).toBe(1);
    expect(await storedLanguage('bookings', email, sent)).toBe('hi');
    const violations = await axeViolations(page);
    expect(violations, JSON.stringify(violations, null, 1).slice(0, 1500)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('join for free from the Hindi course page: Hindi modal, the server’s welcome in Hindi', async () => {
    const { page, errors } = await site.page(PHONE);
    const sent = apiRequests(page);
    await gotoLive(page, `${site.url}/hi/course/soft-skills`);
    await page.getByRole('button', { name: 'मुफ़्त में जुड़ें' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'फ़ीस ज़ीरो, सीखना अनगिनत' });
    await dialog.getByText('हर मंगलवार', { exact: false }).waitFor();
    const email = `meena.${unique()}@example.in`;
    await fillFields(dialog, { नाम: 'मीना', 'WhatsApp नंबर': '98765 99887', ईमेल: email });
    const violations = await axeViolations(page);
    expect(violations, JSON.stringify(violations, null, 1).slice(0, 1500)).toEqual([]);
    await dialog.getByRole('button', { name: 'मुफ़्त में जुड़ें' }).click();
    await toast(page, MESSAGES_HI.freeJoinSuccess);
    await expect.poll(() => storedLeads(site).count('join-free', email), { timeout: 30_000 }).toBe(1);
    expect(await storedLanguage('free_join_users', email, sent)).toBe('hi');
    expect(errors).toEqual([]);
  });
});
