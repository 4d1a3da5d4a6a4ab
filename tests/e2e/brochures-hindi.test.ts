// The brochures on the Hindi site, in Chromium against the production build: "PDF डाउनलोड
// करें" on a /hi/ page downloads the programme's brochure in Hindi (pdftotext reads the Hindi
// name and contact heading back whole), named in Devanagari; the English page's button still
// downloads the English one.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { gotoLive } from '../support/pwa.ts';
import { useSite } from '../support/site.ts';

const site = useSite();

const PAGES = [
  ['/hi/course/soft-skills', 'छात्रों के लिए सॉफ्ट स्किल्स'],
  ['/hi/services/skill-for-colleges', 'कॉलेजों के लिए स्किल'],
  ['/hi/services/b2b-outsourcing', 'B2B सॉफ्ट स्किल्स आउटसोर्सिंग'],
] as const;

const textOf = (file: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

describe('"PDF डाउनलोड करें" on the Hindi site at 390 px', () => {
  it.each(PAGES)('%s downloads the Hindi brochure of %s', async (path, title) => {
    const { page, errors } = await site.page({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
    await gotoLive(page, site.url + path);
    const buttons = page.getByRole('link', { name: /^PDF डाउनलोड करें/ });
    expect(await buttons.count()).toBeGreaterThan(0);
    expect(await buttons.first().getAttribute('href')).toMatch(/^\/brochures\/[a-z0-9-]+\.hi\.pdf$/);
    const [download] = await Promise.all([page.waitForEvent('download'), buttons.first().click()]);
    expect(download.suggestedFilename()).toBe(`SkillUp - ${title} - ब्रोशर.pdf`);
    const text = textOf(await download.path());
    expect(text).toContain(title);
    expect(text).toContain('SkillUp सॉफ्ट स्किल्स अकादमी · प्रोग्राम ब्रोशर');
    expect(text).toContain('हमसे संपर्क करें');
    expect(text).not.toContain('Contact us');
    expect(errors).toEqual([]);
  });

  it('the English page still downloads the English brochure', async () => {
    const { page, errors } = await site.page({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
    await gotoLive(page, `${site.url}/services/skill-for-colleges`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('link', { name: /^Download Pdf/ })
        .first()
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe('SkillUp - Skill for Colleges - brochure.pdf');
    const text = textOf(await download.path());
    expect(text).toContain('Contact us');
    expect(text).not.toMatch(/[\u0900-\u097F]{3}/);
    expect(errors).toEqual([]);
  });
});

describe('a Hindi brochure', () => {
  it('is served as application/pdf beside the English one', async () => {
    const res = await fetch(`${site.url}/brochures/skill-for-schools.hi.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });
});
