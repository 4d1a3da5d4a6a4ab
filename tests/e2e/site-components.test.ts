// Component behaviour with the spec's numbers. Timers are driven by the page clock.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeIntroVideo, expectNoIntroVideo, gotoLive, offline, online, pauseClock } from '../support/pwa.ts';
import { fillFields, NO_SERVICE_WORKER, toast, unique, useSite, WITH_SERVICE_WORKER } from '../support/site.ts';

// The components' own behaviour: the worker only where a test goes offline (it asks for it).
const site = useSite({}, NO_SERVICE_WORKER);

const rootOverflow = (page: Page) => page.evaluate(() => document.documentElement.style.overflow);

describe('home page components', () => {
  it('intro video: opens on load, 9:16, autoplays muted with controls, closes on X and on the backdrop', async () => {
    const { page, errors } = await site.page();
    await gotoLive(page, `${site.url}/`);
    const dialog = page.getByRole('dialog', { name: 'Meet SkillUp in 30 seconds' });
    await dialog.waitFor();
    const video = dialog.locator('video');
    const info = await video.evaluate((v: HTMLVideoElement) => ({
      autoplay: v.autoplay,
      muted: v.muted,
      controls: v.controls,
      w: v.clientWidth,
      h: v.clientHeight,
    }));
    expect(info).toMatchObject({ autoplay: true, muted: true, controls: true });
    expect(info.w / info.h).toBeCloseTo(9 / 16, 2);
    expect(await rootOverflow(page)).toBe('hidden');
    await dialog.getByRole('button', { name: 'Close video' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await rootOverflow(page)).toBe('');

    expect(errors).toEqual([]);

    // Another visitor closes it on the backdrop.
    const other = (await site.page()).page;
    await gotoLive(other, `${site.url}/`);
    const theirs = other.getByRole('dialog', { name: 'Meet SkillUp in 30 seconds' });
    await theirs.waitFor();
    await other.mouse.click(5, 450);
    await theirs.waitFor({ state: 'detached' });
  });

  for (const [width, height] of [
    [390, 844],
    [1366, 768],
  ] as const) {
    it(`intro video at ${width} px: not opened by itself when the browser saves data or the connection is 2g/3g`, async () => {
      for (const connection of [
        { saveData: true, effectiveType: '4g' },
        { saveData: false, effectiveType: '3g' },
        { saveData: false, effectiveType: '2g' },
      ]) {
        const { page, errors } = await site.page({ viewport: { width, height }, isMobile: width < 500, hasTouch: width < 500 });
        await page.addInitScript((hints) => {
          Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => hints });
        }, connection);
        await gotoLive(page, `${site.url}/`);
        await expectNoIntroVideo(page);
        expect(await page.locator('video').count(), JSON.stringify(connection)).toBe(0);
        expect(errors).toEqual([]);
      }
      // On a connection that is not metered the first visit home still opens it.
      const { page } = await site.page({ viewport: { width, height } });
      await page.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'connection', {
          configurable: true,
          get: () => ({ saveData: false, effectiveType: '4g' }),
        });
      });
      await gotoLive(page, `${site.url}/`);
      await closeIntroVideo(page);
    });
  }

  it('stats strip: counts from 0 over 2 s once 30% visible; cards stagger by 0.2 s', async () => {
    // A phone viewport: the strip starts below the fold.
    const { page } = await site.page({ viewport: { width: 390, height: 700 } });
    await page.clock.install();
    await gotoLive(page, `${site.url}/`);
    await closeIntroVideo(page);
    await pauseClock(page);
    const values = page.getByTestId('stat-value');
    expect(await values.allInnerTexts()).toEqual(['0+', '0+', '0+', '0%']);
    await page.locator('.stats').scrollIntoViewIfNeeded();
    await page.waitForSelector('.stats__grid.is-visible');
    await page.clock.runFor(1000);
    const mid = Number((await values.nth(2).innerText()).replace(/\D/g, ''));
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(5000);
    await page.clock.runFor(1100);
    expect(await values.allInnerTexts()).toEqual(['10+', '20+', '5,000+', '55%']);
    const delays = await page.locator('.stats__card').evaluateAll((cards) => cards.map((c) => getComputedStyle(c).animationDelay));
    expect(delays).toEqual(['0s', '0.2s', '0.4s', '0.6s']);
    // Once: scrolling away and back does not restart it.
    await page.mouse.wheel(0, -5000);
    await page.locator('.stats').scrollIntoViewIfNeeded();
    await page.clock.runFor(500);
    expect(await values.nth(0).innerText()).toBe('10+');
  });

  it('blog teaser: first post large, next two in a grid, 100-character excerpts with an ellipsis, Read More and Contact Us links', async () => {
    const { page } = await site.page();
    await gotoLive(page, `${site.url}/`);
    await closeIntroVideo(page);
    const posts = page.getByTestId('teaser-post');
    expect(await posts.count()).toBe(3);
    expect(await posts.nth(0).getAttribute('class')).toContain('post-card--large');
    const boxes = await Promise.all([1, 2].map((i) => posts.nth(i).boundingBox()));
    expect(boxes[0]!.y).toBe(boxes[1]!.y); // side by side
    for (const e of await page.getByTestId('excerpt').allInnerTexts()) {
      expect(e.length).toBeLessThanOrEqual(101);
      expect(e.endsWith('…')).toBe(true);
    }
    expect(
      await posts
        .nth(0)
        .getByRole('link', { name: /Read More/ })
        .getAttribute('href'),
    ).toBe('/blog/top-soft-skills-2025-2026');
    expect(await page.locator('.blog-teaser').getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact');
  });

  it('testimonials: advance every 5 s, previous/next wrap around, pause on hover and focus', async () => {
    const { page } = await site.page();
    await page.clock.install();
    await gotoLive(page, `${site.url}/`);
    await closeIntroVideo(page);
    await page.mouse.move(0, 0);
    await pauseClock(page);
    const name = page.getByTestId('testimonial-name');
    const prev = page.getByRole('button', { name: 'Previous testimonial' });
    const next = page.getByRole('button', { name: 'Next testimonial' });
    // Start from a known point: a manual move restarts the 5 s interval.
    await prev.click();
    await next.click();
    expect(await name.innerText()).toBe('Priya Nair');
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(4900);
    expect(await name.innerText()).toBe('Priya Nair');
    await page.clock.runFor(200);
    await page.getByText('Arjun Verma', { exact: true }).waitFor();
    await page.clock.runFor(5000);
    await page.getByText('Sana Qureshi', { exact: true }).waitFor();

    await next.click(); // Rahul
    await next.click(); // wraps to Priya
    expect(await name.innerText()).toBe('Priya Nair');
    await prev.click(); // wraps to Rahul
    expect(await name.innerText()).toBe('Rahul Gupta');
    // Focus is inside (the button just clicked) and the pointer is over it: paused.
    await page.clock.runFor(12000);
    expect(await name.innerText()).toBe('Rahul Gupta');
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(5100);
    await page.getByText('Priya Nair', { exact: true }).waitFor();
  });

  it('testimonials: still while far below the screen, advancing once near it', async () => {
    // A phone viewport: the carousel starts well below the fold.
    const { page } = await site.page({ viewport: { width: 390, height: 700 } });
    await page.clock.install();
    await gotoLive(page, `${site.url}/`);
    await closeIntroVideo(page);
    await page.mouse.move(0, 0);
    await pauseClock(page);
    const name = page.getByTestId('testimonial-name');
    const first = await name.innerText();
    await page.clock.runFor(11_000);
    expect(await name.innerText()).toBe(first);
    await page.getByTestId('testimonial').scrollIntoViewIfNeeded();
    // The observer reports it near, then the 5 s interval starts: a second at a time until it moves.
    await expect
      .poll(
        async () => {
          await page.clock.runFor(1000);
          return name.innerText();
        },
        { timeout: 30_000 },
      )
      .not.toBe(first);
  });

  it('FAQ: one item open at a time, clicking the open one closes it, + / - markers; help card phone', async () => {
    const { page } = await site.page();
    await gotoLive(page, `${site.url}/about`);
    const buttons = page.getByTestId('faq').getByRole('button');
    const marker = (i: number) => buttons.nth(i).locator('.faq__marker').innerText();
    expect(await marker(0)).toBe('+');
    await buttons.nth(0).click();
    expect(await buttons.nth(0).getAttribute('aria-expanded')).toBe('true');
    expect(await marker(0)).toBe('-');
    await buttons.nth(1).click();
    expect(await buttons.nth(0).getAttribute('aria-expanded')).toBe('false');
    expect(await buttons.nth(1).getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('.faq__a:not([hidden])').count()).toBe(1);
    await buttons.nth(1).click();
    expect(await page.locator('.faq__a:not([hidden])').count()).toBe(0);
    expect(await marker(1)).toBe('+');
    expect(await page.locator('.faq__help').innerText()).toContain('+91 98110 45678');
  });
});

describe('course and service page components', () => {
  it('course page: 6 features, 10 benefits, 60% criteria, certificate zoom, 3 packages and 5 FAQs', async () => {
    const { page } = await site.page();
    await gotoLive(page, `${site.url}/course/soft-skills`);
    expect(await page.getByTestId('features').locator('li').count()).toBe(6);
    expect(await page.getByTestId('benefits').locator('li').count()).toBe(10);
    expect(await page.getByTestId('certificate-criteria').innerText()).toContain('60% of the course videos');
    expect(await page.getByTestId('faq').locator('> li').count()).toBe(5);
    const packages = page.getByTestId('package');
    expect(await packages.count()).toBe(3);
    expect(await packages.nth(1).getAttribute('class')).toContain('is-highlight');
    expect(await packages.nth(0).locator('.checklist li').count()).toBe(6);
    expect(await packages.nth(1).locator('.checklist li').count()).toBe(9);
    expect(await packages.nth(2).locator('.checklist li').count()).toBe(8);
    // A paid package books a seat first: its payment page follows the booking.
    await packages
      .nth(1)
      .getByRole('button', { name: /Book Your Slot/ })
      .click();
    const booking = page.getByRole('dialog', { name: 'Book your seat' });
    await booking.waitFor();
    await booking.getByRole('button', { name: 'Close booking form' }).click();
    await booking.waitFor({ state: 'detached' });
    expect(await page.getByRole('link', { name: 'Get in Touch' }).getAttribute('href')).toBe('/contact');

    await page.getByRole('button', { name: 'Zoom the sample certificate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sample certificate' });
    await dialog.waitFor();
    expect(await rootOverflow(page)).toBe('hidden');
    await dialog.getByRole('button', { name: 'Close certificate' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('service pages: 7-step approaches, 4 FAQs, marquee of 9 logos twice on a 30 s linear loop', async () => {
    const { page } = await site.page();
    for (const slug of ['b2b-outsourcing', 'corporate-training']) {
      await gotoLive(page, `${site.url}/services/${slug}`);
      expect(await page.getByTestId('steps').locator('> li').count(), slug).toBe(7);
      expect(await page.getByTestId('faq').locator('> li').count(), slug).toBe(4);
      const track = page.getByTestId('marquee-track');
      const srcs = await track.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
      expect(srcs).toHaveLength(18);
      expect(new Set(srcs).size).toBe(9);
      const anim = await track.evaluate((t) => {
        const s = getComputedStyle(t);
        return [s.animationDuration, s.animationTimingFunction, s.animationIterationCount];
      });
      expect(anim).toEqual(['30s', 'linear', 'infinite']);
    }
    expect(await page.getByTestId('why-it-matters').innerText()).toMatch(/86%[\s\S]*40%[\s\S]*25%/);
    expect(await page.getByTestId('info-grid').count()).toBe(1);
    await gotoLive(page, `${site.url}/services/b2b-outsourcing`);
    expect(await page.getByTestId('info-grid').count()).toBe(0);
    // Each programme page quotes its own people and shows its own sample certificate.
    for (const [path, first, certificate] of [
      ['/services/skill-for-colleges', 'Dr. Meera Iyer', 'skill-for-colleges'],
      ['/services/skill-for-schools', 'Mrs. Kavita Singh', 'skill-for-schools'],
      ['/services/corporate-training', 'Vikram Sethi', 'corporate-training'],
      ['/services/b2b-outsourcing', 'Rekha Pillai', 'b2b-outsourcing'],
      ['/course/soft-skills', 'Priya Nair', 'soft-skills'],
    ]) {
      await gotoLive(page, `${site.url}${path}`);
      expect(await page.getByTestId('testimonial-name').first().innerText(), path).toBe(first);
      expect(await page.locator('.certificate__thumb img').getAttribute('src'), path).toBe(`/images/certificates/${certificate}.svg`);
    }
  });

  it('respects prefers-reduced-motion: no marquee animation, no count-up', async () => {
    const { page } = await site.page({ reducedMotion: 'reduce' });
    await gotoLive(page, `${site.url}/services/b2b-outsourcing`);
    expect(await page.getByTestId('marquee-track').evaluate((t) => getComputedStyle(t).animationName)).toBe('none');
    await gotoLive(page, `${site.url}/`);
    await closeIntroVideo(page);
    expect(await page.getByTestId('stat-value').allInnerTexts()).toEqual(['10+', '20+', '5,000+', '55%']);
    // The hero's claims write counts the same way as the strip.
    expect(await page.getByRole('list', { name: 'Why learners choose us' }).getByRole('listitem').allTextContents()).toEqual([
      '5,000+ youth trained',
      '98% satisfaction',
      '100+ projects delivered',
      '5,200+ reviews',
    ]);
  });
});

describe('intro video', () => {
  it('opens on a visitor’s first visit home only', async () => {
    const { page } = await site.page();
    await gotoLive(page, `${site.url}/`);
    await closeIntroVideo(page);
    await page.reload();
    await expectNoIntroVideo(page);
    await gotoLive(page, `${site.url}/about`);
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await expectNoIntroVideo(page);
  });

  it('closes when a message appears over it (a saved submission delivered)', async () => {
    const { page } = await site.page(WITH_SERVICE_WORKER);
    await gotoLive(page, `${site.url}/contact`);
    // Offline, the home page's code comes from the service worker's cache.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await offline(page.context());
    await fillFields(page, {
      'First name': 'Asha',
      'Last name': 'Verma',
      Email: `asha.${unique()}@example.in`,
      Phone: '9876543210',
      Message: 'Sent later',
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('button', { name: 'Dismiss message' }).click();
    // First visit home, nothing on screen: the popup opens.
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await page.getByRole('button', { name: 'Close video' }).waitFor();
    await online(page.context());
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await toast(page, 'Delivered: your contact message has reached us.');
    await page.getByRole('button', { name: 'Close video' }).waitFor({ state: 'detached' });
  });
});

describe('page layout on a desktop', () => {
  const PAGES = [
    '/',
    '/about',
    '/course/soft-skills',
    '/services/skill-for-colleges',
    '/services/skill-for-schools',
    '/services/corporate-training',
    '/services/b2b-outsourcing',
    '/blog',
    '/gallery',
  ];

  it.each([800, 1024, 1366])('no card grid leaves one card alone on its last row at %i px', async (width) => {
    const { page } = await site.page({ viewport: { width, height: 900 } });
    for (const path of PAGES) {
      await gotoLive(page, `${site.url}${path}`);
      // An orphan: a grid of several rows whose last row holds a single card (grids with a
      // spanning card, like the blog teaser's large first post, are laid out by design).
      const orphans = await page.evaluate(() =>
        [...document.querySelectorAll('main ul, main div, main ol')]
          .map((el) => {
            const style = getComputedStyle(el);
            const cards = [...el.children].filter((c) => c.getClientRects().length > 0);
            return {
              grid: el.className,
              isGrid: style.display === 'grid',
              columns: style.gridTemplateColumns.split(' ').filter(Boolean).length,
              rows: style.gridTemplateRows.split(' ').filter(Boolean).length,
              cards: cards.length,
              spans: cards.some((c) => /span/.test(getComputedStyle(c).gridColumnEnd) || getComputedStyle(c).gridColumnStart !== 'auto'),
            };
          })
          .filter((g) => g.isGrid && !g.spans && g.columns > 1 && g.rows > 1 && g.cards % g.columns === 1),
      );
      expect(orphans, path).toEqual([]);
    }
  });

  it('ends a short page with the footer at the bottom of the window', async () => {
    const { page } = await site.page({ viewport: { width: 1920, height: 1400 } });
    for (const path of ['/no-such-page', '/contact']) {
      await gotoLive(page, `${site.url}${path}`);
      const { footerBottom, pageHeight, windowHeight } = await page.evaluate(() => ({
        footerBottom: document.querySelector('footer')!.getBoundingClientRect().bottom + window.scrollY,
        pageHeight: document.documentElement.scrollHeight,
        windowHeight: window.innerHeight,
      }));
      expect(pageHeight, path).toBeGreaterThanOrEqual(windowHeight);
      expect(Math.round(footerBottom), path).toBe(pageHeight);
    }
  });
});

describe('phone layout without images', () => {
  // Offline, images that were never cached do not load; a grid track sized by its content
  // (repeat(n, 1fr)) then took the images' 480 px width and the page scrolled sideways.
  it('the gallery offline at 390 px has no sideways scroll', async () => {
    const { page } = await site.page({ viewport: { width: 390, height: 844 }, ...WITH_SERVICE_WORKER });
    await gotoLive(page, `${site.url}/about`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.context().setOffline(true);
    await page.goto(`${site.url}/gallery`);
    await page.getByTestId('gallery-grid').waitFor();
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBe(clientWidth);
    await page.context().setOffline(false);
  });

  it.each([
    '/',
    '/about',
    '/gallery',
    '/blog',
    '/contact',
    '/join-now',
    '/course/soft-skills',
    '/services/skill-for-colleges',
    '/personality/english-test',
  ])('%s at 390 px with no image loaded has no sideways scroll', async (path) => {
    const { page } = await site.page({ viewport: { width: 390, height: 844 } });
    await page.route(/\.(webp|png|jpe?g|svg|mp4|webm)(\?|$)/, (route) => route.abort());
    await gotoLive(page, `${site.url}${path}`);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, path).toBe(clientWidth);
  });
});

describe('gallery', () => {
  it('filters 40 images, opens a lightbox that locks scroll and closes on Escape, the button or the backdrop', async () => {
    const { page, errors } = await site.page({ reducedMotion: 'reduce' });
    await gotoLive(page, `${site.url}/gallery`);
    const items = page.getByTestId('gallery-grid').locator('li');
    expect(await items.count()).toBe(40);
    const counts: Record<string, number> = {};
    for (const f of ['Activity', 'Group', 'Class', 'All']) {
      await page.getByRole('button', { name: f, exact: true }).click();
      expect(await page.getByRole('button', { name: f, exact: true }).getAttribute('aria-pressed')).toBe('true');
      counts[f] = await items.count();
    }
    expect(counts).toEqual({ Activity: 14, Group: 13, Class: 13, All: 40 });
    const imgs = page.getByTestId('gallery-grid').locator('img');
    expect(await imgs.nth(20).getAttribute('loading')).toBe('lazy');
    expect(await imgs.nth(20).getAttribute('width')).toBe('480');

    const dialog = page.getByRole('dialog', { name: 'Photo' });
    await items.nth(3).getByRole('button').click();
    await dialog.waitFor();
    expect(await rootOverflow(page)).toBe('hidden');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await rootOverflow(page)).toBe('');
    await items.nth(4).getByRole('button').click();
    await dialog.getByRole('button', { name: 'Close photo' }).click();
    await dialog.waitFor({ state: 'detached' });
    await items.nth(5).getByRole('button').click();
    await dialog.waitFor();
    await page.mouse.click(3, 3);
    await dialog.waitFor({ state: 'detached' });
    expect(await rootOverflow(page)).toBe('');
    expect(errors).toEqual([]);
  });

  it('video strip: 7 testimonials with name, institution and play overlay; scrolls 300 px per click', async () => {
    const { page } = await site.page({ reducedMotion: 'reduce' });
    await gotoLive(page, `${site.url}/gallery`);
    const strip = page.getByTestId('video-strip');
    expect(await strip.locator('> li').count()).toBe(7);
    expect(await strip.locator('.play-overlay').count()).toBe(7);
    expect(await strip.innerText()).toContain('Lady Shri Ram College');
    const left = () => strip.evaluate((s) => s.scrollLeft);
    expect(await left()).toBe(0);
    await page.getByRole('button', { name: 'Scroll videos right' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid=video-strip]')!.scrollLeft === 300);
    await page.getByRole('button', { name: 'Scroll videos right' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid=video-strip]')!.scrollLeft === 600);
    await page.getByRole('button', { name: 'Scroll videos left' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid=video-strip]')!.scrollLeft === 300);
    await page.getByRole('button', { name: "Play Aisha Khan's video" }).click();
    expect(await strip.locator('video').count()).toBe(1);
  });
});

describe('blog', () => {
  it('carousel: advances every 4 s, previous/next and dots; grid excerpts', async () => {
    const { page } = await site.page();
    await page.clock.install();
    await gotoLive(page, `${site.url}/blog`);
    await page.mouse.move(0, 0);
    await pauseClock(page);
    const current = () => page.locator('[data-testid=blog-slide]:not([hidden]) h2').innerText();
    expect(await current()).toBe('Placement season starts now');
    await page.clock.runFor(4000);
    await page.waitForFunction(
      () => document.querySelector('[data-testid=blog-slide]:not([hidden]) h2')?.textContent === 'Free live class every Tuesday',
    );
    await page.getByRole('button', { name: 'Show slide 3' }).click();
    expect(await current()).toBe('Emotional intelligence in teams');
    expect(await page.getByRole('button', { name: 'Show slide 3' }).getAttribute('aria-current')).toBe('true');
    await page.getByRole('button', { name: 'Next slide' }).click();
    expect(await current()).toBe('Placement season starts now');
    await page.getByRole('button', { name: 'Previous slide' }).click();
    expect(await current()).toBe('Emotional intelligence in teams');
    expect(await page.getByTestId('post-card').count()).toBe(6);
    for (const e of await page.getByTestId('excerpt').allInnerTexts()) expect(e.length).toBeLessThanOrEqual(101);
  });

  it('detail: sections, meta in the head, 5 featured and 4 related posts, social links', async () => {
    const { page } = await site.page();
    await gotoLive(page, `${site.url}/blog/digital-communication-etiquette`);
    expect(await page.locator('meta[name=keywords]').getAttribute('content')).toContain('email etiquette');
    expect(await page.locator('meta[name=description]').getAttribute('content')).toContain('write emails people answer');
    expect(await page.locator('.blog-block h2').count()).toBeGreaterThanOrEqual(3);
    const featured = await page
      .getByTestId('featured-posts')
      .getByRole('link')
      .evaluateAll((ls) => ls.map((l) => l.getAttribute('href')));
    const related = await page
      .getByTestId('related-posts')
      .getByRole('link')
      .evaluateAll((ls) => ls.map((l) => l.getAttribute('href')));
    expect(featured).toHaveLength(5);
    expect(related).toHaveLength(4);
    expect([...featured, ...related]).not.toContain('/blog/digital-communication-etiquette');
    expect(new Set(related).size).toBe(4);
    expect(await page.locator('.blog-detail__share a').count()).toBe(3);
    // Client-side navigation updates the head too.
    await page.getByTestId('related-posts').getByRole('link').first().click();
    await page.waitForFunction(() => document.documentElement.dataset.page !== '/blog/digital-communication-etiquette');
    expect(await page.title()).not.toContain('Digital Communication Etiquette');
  });
});
