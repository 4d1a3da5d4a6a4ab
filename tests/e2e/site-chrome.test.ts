// Shared chrome (navigation, mobile menu, footer, chat button) and the JavaScript budget
// of the home page.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { closeIntroVideo, gotoLive } from '../support/pwa.ts';
import { useSite } from '../support/site.ts';

const site = useSite();

describe('navigation bar', () => {
  it('has the spec’s links and dropdowns that open on click, one at a time, closing on outside click or Escape', async () => {
    const { page, errors } = await site.page();
    await gotoLive(page, `${site.url}/about`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'About Us', 'Gallery', 'Blog', 'Contact Us', 'Join Now']) {
      expect(await nav.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
    }
    expect(await nav.getByRole('link', { name: /home/i }).first().getAttribute('href')).toBe('/');
    const services = nav.getByRole('button', { name: 'Services' });
    const courses = nav.getByRole('button', { name: 'Courses' });
    const personality = nav.getByRole('button', { name: 'Personality Test' });
    expect(await services.getAttribute('aria-expanded')).toBe('false');
    await services.click();
    expect(await services.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Skill for Colleges', 'Skill for Schools', 'Corporate Training for Freshers', 'B2B Soft Skills Outsourcing']) {
      expect(await nav.getByRole('link', { name }).isVisible(), name).toBe(true);
    }
    await courses.click();
    expect(await services.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Soft Skills for Students' }).isVisible()).toBe(true);
    await page.mouse.click(640, 600);
    expect(await courses.getAttribute('aria-expanded')).toBe('false');

    await personality.click();
    expect(await nav.getByRole('link', { name: 'English Test' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Hinglish Test' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await personality.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('nav-btn-personality');

    // Keyboard: Enter opens, Tab reaches the links, Enter follows one.
    await page.keyboard.press('Enter');
    expect(await personality.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/signup');
    expect(await personality.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
  });

  it('on a phone: a menu toggle with a stacked list and expandable groups', async () => {
    const { page } = await site.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await gotoLive(page, `${site.url}/contact`);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).isVisible()).toBe(false);
    await toggle.click();
    const closeBtn = page.getByRole('button', { name: 'Close menu' });
    expect(await closeBtn.getAttribute('aria-expanded')).toBe('true');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const home = await nav.getByRole('link', { name: 'Home', exact: true }).boundingBox();
    const about = await nav.getByRole('link', { name: 'About Us' }).boundingBox();
    expect(about!.y).toBeGreaterThan(home!.y + home!.height - 1); // stacked
    expect(about!.x).toBe(home!.x);
    const services = nav.getByRole('button', { name: 'Services' });
    await services.tap();
    const colleges = nav.getByRole('link', { name: 'Skill for Colleges' });
    expect(await colleges.isVisible()).toBe(true);
    await services.tap();
    expect(await colleges.isVisible()).toBe(false);
    await nav.getByRole('button', { name: 'Courses' }).tap();
    await nav.getByRole('link', { name: 'Soft Skills for Students' }).tap();
    await page.waitForURL('**/course/soft-skills');
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Gallery' }).isVisible()).toBe(false);
  });
});

describe('footer and chat button', () => {
  it('shows brand, contacts, link lists, social links, © 2025; policy links move with the screen size', async () => {
    const { page } = await site.page();
    await gotoLive(page, `${site.url}/gallery`);
    const footer = page.locator('footer');
    const text = await footer.innerText();
    for (const t of ['SkillUp Soft Skills Academy', '+91 98110 45678', 'hello@skillupacademy.in', 'Company', 'Categories', '© 2025']) {
      expect(text, t).toContain(t);
    }
    for (const name of ['SkillUp on LinkedIn', 'SkillUp on YouTube', 'SkillUp on Instagram']) {
      const link = footer.getByRole('link', { name });
      expect(await link.getAttribute('target')).toBe('_blank');
    }
    const company = footer.getByRole('navigation', { name: 'Company' });
    const policiesRow = footer.getByRole('list', { name: 'Policies' });
    expect(await policiesRow.getByRole('link', { name: 'Privacy Policy' }).isVisible()).toBe(true);
    expect(await company.getByRole('link', { name: 'Privacy Policy' }).isVisible()).toBe(false);

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await policiesRow.getByRole('link', { name: 'Privacy Policy' }).isVisible()).toBe(false);
    for (const name of ['Privacy Policy', 'Return & Refund Policy', 'Terms & Conditions', 'Shipping & Delivery Policy']) {
      expect(await company.getByRole('link', { name }).isVisible(), name).toBe(true);
    }

    const chat = page.getByRole('link', { name: /Chat with us on WhatsApp/ });
    expect(await chat.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/919811045678\?text=/);
    expect(await chat.getAttribute('target')).toBe('_blank');
    expect(await chat.getAttribute('rel')).toContain('noopener');
  });
});

describe('performance budget', () => {
  it('loads at most 130 KB of gzipped JavaScript on /, without Formik or yup', async () => {
    const { page } = await site.page({ viewport: { width: 390, height: 844 } });
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script' || r.url().endsWith('.js')) scripts.push(r.url());
    });
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    await closeIntroVideo(page);
    let total = 0;
    let text = '';
    for (const url of new Set(scripts)) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      total += gzipSync(body).length;
      text += body.toString('utf8');
    }
    console.log(`JS loaded by /: ${scripts.length} files, ${(total / 1024).toFixed(1)} KB gzip`);
    expect(total).toBeLessThanOrEqual(130 * 1024);
    expect(text).not.toContain('formik');
    expect(text).not.toContain('ValidationError');
    expect(scripts.filter((u) => /TextField|FreeJoinModal|submit-/.test(u))).toEqual([]);
  });
});
