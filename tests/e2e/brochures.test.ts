// The brochures, in Chromium against the production build: every "Download Pdf" downloads
// a real PDF of its programme (pdftotext reads the programme's name in it), named for the
// programme, served as application/pdf, and kept by the service worker once fetched.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { gotoLive, offline } from '../support/pwa.ts';
import { NO_SERVICE_WORKER, useSite, WITH_SERVICE_WORKER } from '../support/site.ts';

const site = useSite({}, NO_SERVICE_WORKER);

const PAGES = [
  ['/course/soft-skills', 'Soft Skill For Students'],
  ['/services/skill-for-colleges', 'Skill for Colleges'],
  ['/services/skill-for-schools', 'Skill for Schools'],
  ['/services/corporate-training', 'Corporate Training for Freshers'],
  ['/services/b2b-outsourcing', 'B2B Soft Skills Outsourcing'],
] as const;

const VIEWPORTS = [
  ['390', { width: 390, height: 844 }],
  ['1366', { width: 1366, height: 900 }],
] as const;

describe.each(VIEWPORTS)('"Download Pdf" at %s px', (_name, viewport) => {
  it.each(PAGES)('%s downloads a PDF naming %s', async (path, title) => {
    const { page, errors } = await site.page({ viewport, acceptDownloads: true });
    await gotoLive(page, site.url + path);
    const buttons = page.getByRole('link', { name: /^Download Pdf/ });
    expect(await buttons.count()).toBeGreaterThan(0);
    const [download] = await Promise.all([page.waitForEvent('download'), buttons.first().click()]);
    expect(download.suggestedFilename()).toBe(`SkillUp - ${title} - brochure.pdf`);
    const file = await download.path();
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(title);
    expect(text).toContain('Contact us');
    expect(errors).toEqual([]);
  });
});

describe('a brochure', () => {
  it('is served as application/pdf', async () => {
    const res = await fetch(`${site.url}/brochures/skill-for-colleges.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });

  it('opens offline once it has been fetched (the service worker keeps it)', async () => {
    const { page, errors } = await site.page(WITH_SERVICE_WORKER);
    await gotoLive(page, `${site.url}/services/corporate-training`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 10_000 }).toBe(true);
    const size = () =>
      page.evaluate(async () => {
        const res = await fetch('/brochures/corporate-training.pdf');
        return res.ok ? (await res.arrayBuffer()).byteLength : -res.status;
      });
    const online = await size();
    expect(online).toBeGreaterThan(1000);
    await expect.poll(() => page.evaluate(async () => (await caches.open('brochures')).keys().then((k) => k.length))).toBe(1);
    await offline(page.context());
    expect(await size()).toBe(online);
    expect(errors).toEqual([]);
  });
});
