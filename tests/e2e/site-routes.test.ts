// Every public route of the production build: the prerendered HTML already holds the
// content, title, description and canonical link; the page hydrates without console
// errors; axe finds no serious or critical violations; deep links survive a reload.
import { describe, expect, it } from 'vitest';
import { axeViolations, closeIntroVideo } from '../support/pwa.ts';
import { useSite } from '../support/site.ts';

// An env function gives the server a PORT of its own (not 0) and no PUBLIC_URL: canonical
// links, the sitemap and robots.txt must then name that port, not the build's default.
const site = useSite({ env: () => ({}) });
const origin = () => `http://localhost:${new URL(site.url).port}`;

/** Path → text that must be in the prerendered HTML and on screen. */
const ROUTES: [string, string[]][] = [
  [
    '/',
    [
      'Speak with confidence',
      'How we work',
      'Assessment',
      'Goal Setting',
      'Coaching Session',
      'Ongoing Support',
      'From our blog',
      'Frequently Asked Questions',
    ],
  ],
  ['/about', ['Our Mission', 'Our Vision', 'Our Values', 'Ananya Sharma', 'Rohan Mehta', 'Frequently Asked Questions']],
  ['/gallery', ['Gallery', 'Student video testimonials', 'Activity', 'Group', 'Class']],
  ['/blog', ['SkillUp Blog', 'Latest posts', 'Placement season starts now']],
  [
    '/blog/top-soft-skills-2025-2026',
    ['Top Soft Skills Employers Want in 2025–2026', 'Clear communication', 'Featured posts', 'Related posts'],
  ],
  ['/blog/emotional-intelligence-at-work', ['Emotional Intelligence: The Skill Behind Every Great Team']],
  ['/blog/adaptability-in-a-changing-workplace', ['Adaptability: How to Thrive']],
  ['/blog/digital-communication-etiquette', ['Digital Communication']],
  ['/blog/critical-thinking-for-students', ['Critical Thinking']],
  ['/blog/public-speaking-for-beginners', ['Public Speaking for Beginners']],
  ['/contact', ['GET IN TOUCH', 'Send A Message', '+91 98110 45678', 'hello@skillupacademy.in', 'New Delhi']],
  ['/join-now', ['Join Now', 'Register']],
  ['/signup', ['Personality Checker', 'Start the test']],
  [
    '/course/soft-skills',
    [
      '#Bestseller',
      'Starts at',
      'With the Elite package',
      'Upcoming',
      '1 Month',
      'Live + Recorded',
      'Hindi + English',
      'Job Assistance',
      'Date of Commencement',
      'Duration',
      'Delivery Mode',
      'Language',
      'Buy now',
      'About Our Soft Skills Training',
      'Your Benefits',
      'Ignite',
      'Elevate',
      'Elite',
      '₹2,499',
      '₹7,499',
      'Book Your Slot',
      'Get in Touch',
      'Download Pdf',
    ],
  ],
  ['/services/skill-for-colleges', ['Skill for Colleges', 'Certificate criteria', '60% attendance or participation', 'What educators say']],
  ['/services/skill-for-schools', ['Skill for Schools', 'classes 6 to 12', '60% of the lessons']],
  [
    '/services/corporate-training',
    [
      'Corporate Training for Freshers',
      '#Popular',
      'Why It Matters',
      '86%',
      '40%',
      '25%',
      'Download Pdf',
      'Benefits to your organization',
      'Benefits to freshers',
      'Our Training Approach',
    ],
  ],
  [
    '/services/b2b-outsourcing',
    [
      'B2B Soft Skills Outsourcing',
      '#Popular',
      'Why It Matters',
      '30-40%',
      '71%',
      'Download Pdf',
      'Benefits for partnering organizations',
      'Benefits for clients and employees',
      'Our Training Approach',
    ],
  ],
  ['/privacy-policy', ['Privacy Policy', '21/08/25']],
  ['/return-policy', ['Return &amp; Refund Policy', 'within 7 days', '7 to 10 business days', 'No refund is given for partial completion']],
  ['/terms-conditions', ['Terms &amp; Conditions']],
  ['/shipping-policy', ['Shipping &amp; Delivery Policy', 'within 24 hours of payment']],
  ['/admin-login', ['Admin Login', 'Forgot password?']],
];

describe('prerendered HTML', () => {
  it('holds each route’s content, title, description and canonical link without JavaScript', async () => {
    for (const [path, texts] of ROUTES) {
      const res = await fetch(site.url + path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain(`data-path="${path}"`);
      expect(html, path).toMatch(/<title>[^<]+\| SkillUp Soft Skills Academy<\/title>|<title>SkillUp Soft Skills Academy — [^<]+<\/title>/);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{30,}"/);
      expect(html, path).toContain(`<link rel="canonical" href="${origin()}${path}"`);
      expect(html, path).not.toMatch(/<script(?![^>]*type="module")/);
      for (const t of texts) expect(html, `${path}: ${t}`).toContain(t);
    }
  });

  it('puts each blog post’s meta title, description and keywords in the head', async () => {
    const html = await (await fetch(`${site.url}/blog/emotional-intelligence-at-work`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<title>Emotional Intelligence at Work: A Practical Guide for Students and Freshers | SkillUp Soft Skills Academy</title>',
    );
    expect(head).toContain('<meta name="keywords" content="emotional intelligence, EQ at work, teamwork, freshers, workplace skills"');
  });

  it('generates sitemap.xml and robots.txt from the routes and posts', async () => {
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    for (const p of ['/', '/about', '/blog/top-soft-skills-2025-2026', '/services/b2b-outsourcing', '/privacy-policy']) {
      expect(sitemap).toContain(`<loc>${origin()}${p}</loc>`);
    }
    expect(sitemap).not.toContain('/admin');
    const robots = await (await fetch(`${site.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${origin()}/sitemap.xml`);
    expect(robots).toContain('Disallow: /admin');
  });

  it('writes a 404 page', async () => {
    const res = await fetch(`${site.url}/404.html`);
    const html = await res.text();
    expect(html).toContain('Page not found');
    expect(html).toContain('<meta name="robots" content="noindex"');
  });
});

describe('every route in the browser', () => {
  it('hydrates the prerendered page with no console errors and no serious axe violations', async () => {
    const { page, errors } = await site.page();
    for (const [path, texts] of ROUTES) {
      // Keep the first <h1> from the server HTML: after hydration it must be the same node.
      await page.goto(site.url + path, { waitUntil: 'domcontentloaded' });
      await page.evaluate(() => ((window as unknown as { __h1: Element | null }).__h1 = document.querySelector('h1')));
      await page.waitForLoadState('networkidle');
      if (path === '/') await closeIntroVideo(page);
      const hydrated = await page.evaluate(() => {
        const root = document.getElementById('root') as HTMLElement & Record<string, unknown>;
        const h1 = document.querySelector('h1');
        return (
          h1 === (window as unknown as { __h1: Element | null }).__h1 && Object.keys(root).some((k) => k.startsWith('__reactContainer'))
        );
      });
      expect(hydrated, `${path} hydrated in place`).toBe(true);
      const body = await page.locator('main').innerText();
      const first = texts[0]!.replace('&amp;', '&');
      expect(body.toLowerCase(), path).toContain(first.toLowerCase());
      const violations = await axeViolations(page);
      expect(violations, `${path}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
      expect(errors, path).toEqual([]);
    }
  });

  it('renders client-only and unknown routes in the browser', async () => {
    const { page, errors } = await site.page();
    await page.goto(`${site.url}/reset-password/abc123`);
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Unknown pages are real 404s from the server (once the service worker controls the
    // page it answers them with the app shell instead, which renders the same page).
    for (const path of ['/no/such/page', '/blog/no-such-post', '/services/no-such-service']) {
      expect((await fetch(site.url + path)).status, path).toBe(404);
    }
    await page.goto(`${site.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found | SkillUp Soft Skills Academy');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${site.url}/blog/no-such-post`);
    await page.getByRole('heading', { name: 'Blog not found' }).waitFor();
    await page.goto(`${site.url}/services/no-such-service`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    // The browser itself logs a 404 document load; nothing else may fail.
    const own404 = /^Failed to load resource: the server responded with a status of 404/;
    expect(errors.filter((e) => !own404.test(e))).toEqual([]);
  });

  it('keeps deep links on reload and after client-side navigation', async () => {
    const { page, errors } = await site.page();
    await page.goto(`${site.url}/about`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL('**/blog');
    await page.getByRole('heading', { name: 'SkillUp Blog' }).waitFor();
    await page.getByRole('link', { name: 'Critical Thinking: Asking Better Questions in Class and at Work' }).click();
    await page.waitForURL('**/blog/critical-thinking-for-students');
    await page.getByRole('heading', { level: 1, name: /Critical Thinking/ }).waitFor();
    expect(await page.title()).toBe('Critical Thinking Skills for Students: A Simple Framework | SkillUp Soft Skills Academy');
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(`${origin()}/blog/critical-thinking-for-students`);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /Critical Thinking/ }).waitFor();
    await page.goto(`${site.url}/services/corporate-training`);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Corporate Training for Freshers' }).waitFor();
    await page.goBack();
    await page.waitForURL('**/blog/critical-thinking-for-students');
    expect(errors).toEqual([]);
  });
});
