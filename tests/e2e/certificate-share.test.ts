// A certificate worth sharing, in Chromium against the production build:
// its verification page offers Add to LinkedIn with LinkedIn's exact parameters, a WhatsApp
// message that carries the page's link, and the PNG as a download; the page itself keeps
// working for whoever follows the shared link, in a browser that never took the test.
import { describe, expect, it } from 'vitest';
import { BRAND } from '../../contract/brand.ts';
import { QUIZ_ANSWERS_PATH, type QuizAnswersResponse } from '../../contract/quiz/api.ts';
import { QUIZ_ITEM_IDS } from '../../contract/quiz/items.ts';
import { CERTIFICATION_NAME } from '../../contract/quiz/share.ts';
import { postLead } from '../support/console.ts';
import { axeViolations } from '../support/pwa.ts';
import { unique, useSite } from '../support/site.ts';

// PUBLIC_URL is this server, so the certificate's link opens here.
const site = useSite({ env: (port) => ({ PUBLIC_URL: `http://127.0.0.1:${port}`, PUBLIC_RATE_LIMIT_PER_MINUTE: '0' }) });

describe('sharing a certificate', () => {
  it('offers LinkedIn with exact parameters, WhatsApp with the link, and the PNG', async () => {
    const answers = Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, i % 4]));
    const before = new Date();
    const test = await postLead<QuizAnswersResponse>(site, QUIZ_ANSWERS_PATH, {
      name: 'Kavya Share',
      email: `kavya.${unique()}@example.in`,
      answers,
      language: 'english',
    });
    const certificateUrl = `${site.url}/certificate/${test.certificateId}`;
    expect(test.certificateUrl).toBe(certificateUrl);

    const { page, errors } = await site.page({ viewport: { width: 390, height: 844 } });
    await page.goto(certificateUrl);
    await page.getByTestId('certificate-status').waitFor();

    const linkedIn = new URL((await page.getByRole('link', { name: 'Add to LinkedIn' }).getAttribute('href'))!);
    expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
    // The month the test was taken, in India (the test runs within a minute of it).
    const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: 'numeric' })
      .format(before)
      .split('-')
      .map(Number);
    expect([...linkedIn.searchParams]).toEqual([
      ['startTask', 'CERTIFICATION_NAME'],
      ['name', CERTIFICATION_NAME],
      ['organizationName', BRAND.name],
      ['issueYear', String(year)],
      ['issueMonth', String(month)],
      ['certUrl', certificateUrl],
      ['certId', test.certificateId],
    ]);

    const whatsApp = new URL((await page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href'))!);
    expect(whatsApp.origin + whatsApp.pathname).toBe('https://wa.me/');
    expect(whatsApp.searchParams.get('text')).toContain(certificateUrl);

    const png = page.getByRole('link', { name: 'Download PNG' });
    expect(await png.getAttribute('download')).toMatch(/^skillup-personality-certificate-[0-9a-f]{8}\.png$/);
    const image = await page.request.get(new URL((await png.getAttribute('href'))!, certificateUrl).href);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');

    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
