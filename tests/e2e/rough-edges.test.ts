// Rough edges seen on a walk through the site, in Chromium against the
// production build: the floating chat button covers no control of the personality test on a
// phone, and closing a modal (the intro video, the join-free form, a gallery photo) gives
// focus back to where it was.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { QUIZ_ITEM_COUNT } from '../../contract/quiz/items.ts';
import { QUIZ_OPTIONS } from '../../contract/quiz/options.ts';
import { gotoLive } from '../support/pwa.ts';
import { NO_SERVICE_WORKER, useSite } from '../support/site.ts';
import { SITE } from '../../pwa/config/site.ts';

const site = useSite({}, NO_SERVICE_WORKER);

const PHONE = { viewport: { width: 390, height: 844 } };
const TEST_PATH = { english: '/personality/english-test', hinglish: '/personality/hinglish-test' } as const;

/** Marks this browser as signed up and its test not started (the test page's guard lets it in). */
async function signedUpLocally(page: Page): Promise<void> {
  await gotoLive(page, `${site.url}/about`);
  await page.evaluate(() => {
    localStorage.setItem('isSignedUp', 'true');
    localStorage.setItem('user', JSON.stringify({ name: 'Riya Phone', email: 'riya.phone@example.in' }));
    localStorage.removeItem('personalityResult');
  });
}

/**
 * The controls of the test the chat button's box intersects, in viewport coordinates, as the
 * page stands now: empty when the button is not shown.
 */
function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const chat = document.querySelector('.chat-btn');
    if (!chat) return [];
    const c = chat.getBoundingClientRect();
    if (c.width === 0 || c.height === 0 || getComputedStyle(chat).visibility === 'hidden') return [];
    const controls = document.querySelectorAll<HTMLElement>(
      '[data-testid=quiz] button, [data-testid=quiz] label, [data-testid=quiz] input, [data-testid=quiz] a',
    );
    return [...controls]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.left < c.right && c.left < r.right && r.top < c.bottom && c.top < r.bottom;
      })
      .map((el) => el.textContent?.trim() || el.outerHTML.slice(0, 60));
  });
}

describe('the chat button on the personality test at 390 px', () => {
  for (const language of ['english', 'hinglish'] as const) {
    it(`covers no control on any of the 30 questions (${language})`, async () => {
      const { page, errors } = await site.page(PHONE);
      await signedUpLocally(page);
      await gotoLive(page, site.url + TEST_PATH[language]);
      const quiz = page.getByTestId('quiz');
      await quiz.waitFor();
      const action = page.getByRole('button', { name: /^(Next|Agla|Submit|Submit kijiye)$/ });
      for (let i = 0; i < QUIZ_ITEM_COUNT; i++) {
        await expect.poll(async () => Number(await quiz.getAttribute('data-index'))).toBe(i);
        await page.getByRole('radio', { name: QUIZ_OPTIONS[language][i % 4], exact: true }).check();
        // As the question stands, and with its action bar scrolled into view.
        expect(await coveredControls(page), `question ${i + 1}`).toEqual([]);
        await action.scrollIntoViewIfNeeded();
        expect(await coveredControls(page), `question ${i + 1}, scrolled to its buttons`).toEqual([]);
        if (i < QUIZ_ITEM_COUNT - 1) await action.click();
      }
      expect(errors).toEqual([]);
    });
  }

  it('is still there on the other pages', async () => {
    const { page } = await site.page(PHONE);
    await gotoLive(page, `${site.url}/about`);
    expect(await page.getByRole('link', { name: 'Chat with us on WhatsApp (opens in a new tab)' }).isVisible()).toBe(true);
  });
});

/** What has focus, as a test can name it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing';
    return el.getAttribute('aria-label') ?? el.textContent?.trim();
  });

describe('focus after a modal closes', () => {
  it('returns to Join For Free after the join-free form is closed, by its cross or by Escape', async () => {
    const { page } = await site.page();
    await gotoLive(page, `${site.url}/course/soft-skills`);
    const opener = page.getByRole('button', { name: 'Join For Free', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Zero Fees, Infinite Knowledge' });

    await opener.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close join for free form' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('Join For Free');

    await opener.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('Join For Free');
  });

  it('returns to the photo that was opened in the gallery', async () => {
    const { page } = await site.page();
    await gotoLive(page, `${site.url}/gallery`);
    const photo = page.getByTestId('gallery-grid').getByRole('button').nth(2);
    const name = await photo.getAttribute('aria-label');
    await photo.focus();
    await page.keyboard.press('Enter');
    const close = page.getByRole('button', { name: 'Close photo' });
    await close.click();
    await close.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe(name);
  });

  it('returns to the home link after the intro video, opened on the way home, is closed', async () => {
    const { page } = await site.page();
    await gotoLive(page, `${site.url}/about`);
    // The first visit home, from the logo by keyboard: the intro video opens over the page.
    await page.getByRole('link', { name: 'SkillUp Soft Skills Academy — home' }).focus();
    await page.keyboard.press('Enter');
    const close = page.getByRole('button', { name: 'Close video' });
    await close.click();
    await close.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('SkillUp Soft Skills Academy — home');
  });
});

describe('the Grievance Officer', () => {
  it('is one address everywhere: a form’s consent notice, /delete-my-data and the privacy policy', async () => {
    const { page } = await site.page();
    for (const path of ['/contact', '/delete-my-data', '/privacy-policy']) {
      await gotoLive(page, site.url + path);
      const text = (await page.locator('main').textContent())!;
      // The officer is named once, with their address, never as their own title.
      expect(text, path).toContain(`${SITE.grievance.title}`);
      expect(text, path).not.toContain(`${SITE.grievance.title}: ${SITE.grievance.title}`);
      expect(text, path).toContain(SITE.grievance.email);
      // Any address the page gives for the officer is theirs.
      const sentence = new RegExp(`${SITE.grievance.title}[^.]*?([\\w.+-]+@[\\w.-]+\\w)`, 'i').exec(text);
      expect(sentence?.[1], path).toBe(SITE.grievance.email);
    }
    // On the pages that link it, the link writes to the officer.
    for (const path of ['/contact', '/delete-my-data']) {
      await gotoLive(page, site.url + path);
      expect(await page.locator(`main a[href="mailto:${SITE.grievance.email}"]`).count(), path).toBeGreaterThan(0);
    }
  });
});

describe('copy fixed from the spec (README)', () => {
  it('the course page writes what the spec means, and its price agrees with its packages', async () => {
    const { page } = await site.page();
    await gotoLive(page, `${site.url}/course/soft-skills`);
    const text = (await page.locator('main').textContent())!;
    for (const wrong of ['1 Months', 'Get All Touch', 'Pro Plan', '₹6,999']) expect(text).not.toContain(wrong);
    const info = page.getByTestId('info-grid');
    expect(await info.getByText('1 Month', { exact: true }).count()).toBe(1);
    expect(await info.getByText('With the Elite package', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Get in Touch' }).getAttribute('href')).toBe('/contact');
    // "Starts at" is the cheapest package one can pay for.
    const elevate = page.getByTestId('package').filter({ has: page.getByRole('heading', { name: 'Elevate' }) });
    expect(await page.getByTestId('price').textContent()).toBe(await elevate.locator('.pricing__price strong').textContent());
  });
});

describe('the test’s language', () => {
  it('survives the sign-up: a visitor who chose the Hinglish test gets the Hinglish test', async () => {
    const { page, errors } = await site.page();
    await page.clock.install();
    await page.goto(site.url + TEST_PATH.hinglish);
    await page.waitForURL(`${site.url}/signup`);
    await page.getByLabel('Full name', { exact: true }).fill('Arjun Hinglish');
    await page.getByLabel('Phone', { exact: true }).fill(`97${String(Date.now()).slice(-8)}`);
    await page.getByLabel('Email', { exact: true }).fill(`arjun.${Date.now()}@example.in`);
    await page.getByLabel('Password', { exact: true }).fill('secret12');
    await page.getByLabel('I am 18 or older').check();
    await page.getByRole('button', { name: 'Start the test' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Form submitted successfully!' }).waitFor();
    await page.clock.runFor(1000);
    await page.waitForURL(site.url + TEST_PATH.hinglish);
    await page.getByRole('heading', { name: 'Personality Test (Hinglish)' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('can be switched before the first answer, and not after', async () => {
    const { page, errors } = await site.page();
    await signedUpLocally(page);
    await gotoLive(page, site.url + TEST_PATH.english);
    await page.getByTestId('quiz').waitFor();
    await page.getByTestId('quiz-switch').getByRole('link', { name: 'Hinglish mein test dijiye' }).click();
    await page.waitForURL(site.url + TEST_PATH.hinglish);
    await page.getByRole('heading', { name: 'Personality Test (Hinglish)' }).waitFor();
    const back = page.getByTestId('quiz-switch').getByRole('link', { name: 'Take the test in English' });
    await back.waitFor();
    expect(await back.getAttribute('lang')).toBe('en');
    // Once a statement is answered the test has begun in this language: no offer to start over.
    await page.getByRole('radio', { name: QUIZ_OPTIONS.hinglish[0], exact: true }).check();
    await page.getByTestId('quiz-switch').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
