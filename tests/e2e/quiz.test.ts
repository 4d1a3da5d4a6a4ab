// The personality test in the browser, against the production build: the guard; the
// whole English, Hinglish and Hindi flows from sign-up to the toast, the
// certificate email at a real SMTP peer and its link opening the verification page; the
// Next/Previous/Submit rules; keyboard answering; resuming after a reload; offline
// submission queued and delivered later; the failure message; the certificate pages.
// No sleeps: Playwright's auto-waiting, expect.poll, and page.clock for the sign-up's 1 s
// redirect.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mimeLeaves, pngSize } from '../../api/testing/smtp.ts';
import { QUIZ_ITEM_COUNT, QUIZ_ITEMS } from '../../contract/quiz/items.ts';
import { QUIZ_OPTIONS } from '../../contract/quiz/options.ts';
import { SAVED_OFFLINE_MESSAGE } from '../../pwa/lib/submit.ts';
import { axeViolations, expectNoIntroVideo, openPage, type TrackedPage } from '../support/pwa.ts';
import { NO_SERVICE_WORKER, useMailingSite } from '../support/site.ts';

const site = useMailingSite({}, NO_SERVICE_WORKER);

const TEST_PATH = {
  english: '/personality/english-test',
  hinglish: '/personality/hinglish-test',
  hindi: '/personality/hindi-test',
} as const;

let counter = 0;
function student(tag: string) {
  counter++;
  return {
    name: `Student ${tag}`,
    email: `${tag}-${counter}-${Date.now()}@example.in`,
    phone: `98${String(10_000_000 + counter).slice(-8)}`,
  };
}

/**
 * Marks this browser as signed up without the form (tests about the test itself). It
 * opens the home page first, as a student would have: its code is then in the browser's
 * cache (hashed assets are immutable), so the home page also opens after an offline submit.
 */
async function signedUpLocally(page: Page, user: { name: string; email: string }): Promise<void> {
  await page.goto(`${site.url}/`);
  await page.evaluate((u) => {
    localStorage.setItem('isSignedUp', 'true');
    localStorage.setItem('user', JSON.stringify({ name: u.name, email: u.email }));
  }, user);
}

/** Forgets this device's saved answers and outbox (each test starts its own test). */
async function resetDevice(page: Page): Promise<void> {
  await page.evaluate(async () => {
    localStorage.removeItem('personalityResult');
    for (const name of ['skillup-outbox', 'skillup-quiz-drafts']) {
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase(name);
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
      });
    }
  });
}

const quiz = (page: Page) => page.getByTestId('quiz');
const indexOf = async (page: Page) => Number(await quiz(page).getAttribute('data-index'));
// Each test in its own language: English, or Hinglish (QUIZ_WORDS).
const next = (page: Page) => page.getByRole('button', { name: /^(Next|Agla|अगला)$/ });
const previous = (page: Page) => page.getByRole('button', { name: /^(Previous|Pichhla)$/ });
const submitButton = (page: Page) =>
  page.getByRole('button', { name: /^(Submit|Submitting\.\.\.|Submit kijiye|Submit ho raha hai\.\.\.|जमा कीजिए|जमा हो रहा है\.\.\.)$/ });
const radio = (page: Page, language: keyof typeof TEST_PATH, option: number) =>
  page.getByRole('radio', { name: QUIZ_OPTIONS[language][option], exact: true });

/** Opens a test on this page as a student signed up on this device who has not started it yet. */
async function openFreshTest(page: Page, user: { name: string; email: string }, language: keyof typeof TEST_PATH): Promise<void> {
  await signedUpLocally(page, user);
  await resetDevice(page);
  await page.goto(site.url + TEST_PATH[language]);
  await quiz(page).waitFor();
}

/** Answers from the current question to the last by clicking, option (i % 4) on question i. */
async function answerAll(page: Page, language: keyof typeof TEST_PATH, pick = (i: number) => i % 4): Promise<void> {
  for (let i = await indexOf(page); i < QUIZ_ITEM_COUNT; i++) {
    await expect.poll(() => indexOf(page)).toBe(i);
    await radio(page, language, pick(i)).check();
    if (i < QUIZ_ITEM_COUNT - 1) await next(page).click();
  }
}

/** Waits for a toast that says this (among what else it says). */
const toastWith = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).waitFor();

/** What the test page saved on the device after a submit. */
const storedResult = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('personalityResult') ?? 'null'));

/** Signs up through the form, as a new student does, and follows the 1 s redirect to the English test. */
async function signUp(page: Page, me: { name: string; email: string; phone: string }): Promise<void> {
  await page.clock.install();
  await page.goto(`${site.url}/signup`);
  await page.getByLabel('Full name', { exact: true }).fill(me.name);
  await page.getByLabel('Phone', { exact: true }).fill(me.phone);
  await page.getByLabel('Email', { exact: true }).fill(me.email);
  await page.getByLabel('Password', { exact: true }).fill('secret12');
  await page.getByLabel('I am 18 or older').check();
  await page.getByRole('button', { name: 'Start the test' }).click();
  await toastWith(page, 'Form submitted successfully!');
  await page.clock.runFor(1000);
  await page.waitForURL(site.url + TEST_PATH.english);
}

/** Submits the answered test while online: the server's toast, then the home page. */
async function submitDelivered(page: Page): Promise<void> {
  await submitButton(page).click();
  await toastWith(page, 'Test submitted! Certificate sent to your email.');
  await page.waitForURL(`${site.url}/`);
}

async function mailTo(email: string) {
  await expect.poll(() => site.peer.received.filter((m) => m.to.includes(email)).length, { timeout: 20_000 }).toBe(1);
  return site.peer.received.find((m) => m.to.includes(email))!;
}

describe('the guard', () => {
  it('sends a visitor who has not signed up from either test to /signup', async () => {
    const { page } = await site.page();
    for (const path of Object.values(TEST_PATH)) {
      await page.goto(site.url + path);
      await page.waitForURL(`${site.url}/signup`);
      await expect.poll(() => page.getByRole('heading', { name: 'Personality Checker' }).isVisible()).toBe(true);
    }
  });
});

describe('the whole flow', () => {
  it('English: sign-up, the test, the toast, the certificate email with its PNG, and the verification page', async () => {
    const { page, errors } = await site.page();
    const me = student('english');
    await signUp(page, me);

    await expect.poll(() => page.getByTestId('quiz-statement').textContent()).toBe(QUIZ_ITEMS[0]!.text.en);
    expect(await page.getByTestId('quiz-progress').textContent()).toMatch(/^0 of 30/);
    await answerAll(page, 'english');
    expect(await page.getByTestId('quiz-progress').textContent()).toMatch(/^30 of 30/);
    await submitDelivered(page);
    const stored = await storedResult(page);
    expect(stored).toMatchObject({ language: 'english', name: me.name, pending: false });
    expect(stored.certificateId).toMatch(/^[0-9a-f]{32}$/);
    expect(stored.result.domains).toHaveLength(5);

    // The certificate email, over real SMTP.
    const mail = await mailTo(me.email);
    const leaves = mimeLeaves(mail.raw);
    const png = leaves.find((l) => l.contentType === 'image/png');
    expect(pngSize(png!.content)).toEqual({ width: 1600, height: 1131 });
    const text = leaves.find((l) => l.contentType === 'text/plain')!.text();
    const link = new RegExp(`${site.url.replace(/[.:/]/g, '\\$&')}/certificate/[0-9a-f]{32}`).exec(text)?.[0];
    expect(link).toBe(`${site.url}/certificate/${stored.certificateId}`);

    // The link opens the verification page, whose image loads under the CSP.
    await page.goto(link!);
    await page.getByTestId('certificate-status').filter({ hasText: 'Valid certificate' }).waitFor();
    expect(await page.getByTestId('certificate-name').textContent()).toBe(me.name);
    await expect
      .poll(() => page.locator('img.image').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBe(1600);
    expect(await page.locator('[data-testid=certificate-profile] li').count()).toBe(5);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('Hinglish: sign-up, the Hinglish test answered by keyboard, the toast, and a Hinglish certificate', async () => {
    const { page, errors } = await site.page();
    const me = student('hinglish');
    await signUp(page, me);
    // The Personality Test menu's Hinglish entry is the other test.
    await page.goto(site.url + TEST_PATH.hinglish);

    await expect.poll(() => page.getByTestId('quiz-statement').textContent()).toBe(QUIZ_ITEMS[0]!.text.hinglish);
    for (const label of QUIZ_OPTIONS.hinglish) expect(await page.getByRole('radio', { name: label, exact: true }).count()).toBe(1);
    const keys = ['1', '2', '3', '4', 'a', 'b', 'c', 'd', 'A', 'D'];
    for (let i = 0; i < QUIZ_ITEM_COUNT; i++) {
      await expect.poll(() => indexOf(page)).toBe(i);
      await page.keyboard.press(keys[i % keys.length]!);
      if (i < QUIZ_ITEM_COUNT - 1) await next(page).click();
    }
    await submitDelivered(page);

    const stored = await storedResult(page);
    expect(stored).toMatchObject({ language: 'hinglish', name: me.name });
    const record = await (await fetch(`${site.url}/api/v1/certificates/${stored.certificateId}`)).json();
    expect(record).toMatchObject({ language: 'hinglish', name: me.name, result: stored.result });
    const mail = await mailTo(me.email);
    expect(
      mimeLeaves(mail.raw)
        .find((l) => l.contentType === 'text/plain')!
        .text(),
    ).toMatch(/^Namaste Student hinglish,/);
    expect(errors).toEqual([]);
  });
});

describe('the Hindi test', () => {
  it('at 390 px: Devanagari statements and options, nothing wider than the screen, a Hindi certificate by email', async () => {
    const { page, errors } = await site.page({ viewport: { width: 390, height: 844 } });
    const me = student('hindi');
    await openFreshTest(page, me, 'hindi');
    expect(await page.locator('section.quiz').getAttribute('lang')).toBe('hi');
    await expect.poll(() => page.getByTestId('quiz-statement').textContent()).toBe(QUIZ_ITEMS[0]!.text.hindi);
    for (const label of QUIZ_OPTIONS.hindi) expect(await page.getByRole('radio', { name: label, exact: true }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Personality Test (हिंदी)');
    // Long Hindi words wrap; nothing pushes the page sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    await answerAll(page, 'hindi');
    await submitButton(page).click();
    await page.waitForURL(`${site.url}/`);

    const stored = await storedResult(page);
    expect(stored).toMatchObject({ language: 'hindi', name: me.name });
    await expect.poll(async () => (await storedResult(page)).certificateId, { timeout: 20_000 }).toMatch(/^[0-9a-f]{32}$/);
    const record = await (await fetch(`${site.url}/api/v1/certificates/${(await storedResult(page)).certificateId}`)).json();
    expect(record).toMatchObject({ language: 'hindi', name: me.name, result: stored.result });
    const mail = await mailTo(me.email);
    expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?/m);
    const text = mimeLeaves(mail.raw)
      .find((l) => l.contentType === 'text/plain')!
      .text();
    expect(text).toMatch(/^नमस्ते Student hindi,/);
    // The profile on the home page speaks Hindi too.
    await expect.poll(() => page.getByTestId('profile-panel').getAttribute('data-testid')).toBe('profile-panel');
    expect(await page.locator('.profile').getAttribute('lang')).toBe('hi');
    // A result mailed to no one (a roll number, or the day's cap) says where the certificate is, never email.
    await page.evaluate(() => {
      const result = JSON.parse(localStorage.getItem('personalityResult')!);
      localStorage.setItem('personalityResult', JSON.stringify({ ...result, emailed: false }));
    });
    await page.reload();
    await expect.poll(() => page.getByTestId('profile-status').textContent()).toBe('आपका प्रमाणपत्र तैयार है: नीचे दिए लिंक से खोलिए।');
    expect(errors).toEqual([]);
  });
});

describe('the test page', () => {
  let tracked: TrackedPage;
  let page: Page;
  beforeAll(async () => {
    // No service worker here, so page.route sees the outbox's requests.
    tracked = await openPage(site.browser, { serviceWorkers: 'block' });
    page = tracked.page;
  });
  afterAll(async () => {
    await tracked?.close();
  });

  it('Next only once answered, Previous disabled on the first, answers changeable, Submit on the last when all 30 are answered', async () => {
    await signedUpLocally(page, student('rules'));
    await page.goto(site.url + TEST_PATH.english);
    await quiz(page).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await indexOf(page)).toBe(0);
    expect(await previous(page).isDisabled()).toBe(true);
    expect(await next(page).isDisabled()).toBe(true);
    expect(await submitButton(page).count()).toBe(0);

    await radio(page, 'english', 1).check();
    expect(await next(page).isEnabled()).toBe(true);
    expect(await page.getByTestId('quiz-progress').textContent()).toMatch(/^1 of 30/);
    await next(page).click();
    expect(await indexOf(page)).toBe(1);
    expect(await page.getByTestId('quiz-statement').textContent()).toBe(QUIZ_ITEMS[1]!.text.en);
    expect(await previous(page).isEnabled()).toBe(true);
    expect(await next(page).isDisabled()).toBe(true);

    // Back: the first answer is still there, and can be changed.
    await previous(page).click();
    expect(await indexOf(page)).toBe(0);
    expect(await radio(page, 'english', 1).isChecked()).toBe(true);
    await radio(page, 'english', 3).check();
    expect(await radio(page, 'english', 1).isChecked()).toBe(false);
    expect(await page.getByTestId('quiz-progress').textContent()).toMatch(/^1 of 30/);
    await next(page).click();

    // To the last question: it shows Submit, not Next, disabled until it is answered.
    for (let i = 1; i < QUIZ_ITEM_COUNT - 1; i++) {
      await radio(page, 'english', 2).check();
      await next(page).click();
    }
    expect(await indexOf(page)).toBe(QUIZ_ITEM_COUNT - 1);
    expect(await next(page).count()).toBe(0);
    expect(await submitButton(page).isDisabled()).toBe(true);
    expect(await page.getByTestId('quiz-progress').textContent()).toMatch(/^29 of 30/);
    await radio(page, 'english', 0).check();
    expect(await submitButton(page).isEnabled()).toBe(true);

    // While the submission is in flight nothing can be submitted again.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/quiz/submit-answers', async (route) => {
      await held;
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Please answer all 30 questions' }),
      });
    });
    await submitButton(page).click();
    await expect.poll(() => submitButton(page).textContent()).toBe('Submitting...');
    expect(await submitButton(page).isDisabled()).toBe(true);
    expect(await previous(page).isDisabled()).toBe(true);
    release();
    // A failure: the warning and the server's message; the answers stay for another try.
    await toastWith(page, '⚠️ Please answer all 30 questions');
    expect(await submitButton(page).isEnabled()).toBe(true);
    expect(page.url()).toBe(site.url + TEST_PATH.english);
    await page.unroute('**/api/v1/quiz/submit-answers');
  });

  it('chooses with 1-4, A-D and the arrow keys', async () => {
    await openFreshTest(page, student('keys'), 'english');
    await page.getByTestId('quiz-statement').click();
    const checked = async () => {
      for (let option = 0; option < 4; option++) if (await radio(page, 'english', option).isChecked()) return option;
      return undefined;
    };
    await page.keyboard.press('3');
    expect(await checked()).toBe(2);
    await page.keyboard.press('a');
    expect(await checked()).toBe(0);
    await page.keyboard.press('D');
    expect(await checked()).toBe(3);
    await page.keyboard.press('ArrowUp');
    expect(await checked()).toBe(2);
    await page.keyboard.press('ArrowLeft');
    expect(await checked()).toBe(1);
    await page.keyboard.press('ArrowDown');
    expect(await checked()).toBe(2);
    await page.keyboard.press('5');
    await page.keyboard.press('e');
    expect(await checked()).toBe(2);
    // Next by keyboard; the new statement takes the focus, so keys keep answering.
    await next(page).focus();
    await page.keyboard.press('Enter');
    expect(await indexOf(page)).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('quiz-statement');
    await page.keyboard.press('2');
    expect(await checked()).toBe(1);
    // On a focused radio the arrow keys move the choice natively.
    await radio(page, 'english', 1).focus();
    await page.keyboard.press('ArrowDown');
    expect(await checked()).toBe(2);
  });

  it('saves each answer on the device: a reload resumes at the same question with the same answers', async () => {
    await openFreshTest(page, student('resume'), 'english');
    const picks = [3, 0, 2, 1, 3];
    for (const pick of picks) {
      await radio(page, 'english', pick).check();
      await next(page).click();
    }
    await radio(page, 'english', 1).check(); // answered, not moved on
    expect(await indexOf(page)).toBe(5);

    await page.reload();
    await quiz(page).waitFor();
    expect(await indexOf(page)).toBe(5);
    expect(await page.getByTestId('quiz-statement').textContent()).toBe(QUIZ_ITEMS[5]!.text.en);
    expect(await radio(page, 'english', 1).isChecked()).toBe(true);
    expect(await page.getByTestId('quiz-progress').textContent()).toMatch(/^6 of 30/);
    for (let i = picks.length - 1; i >= 0; i--) {
      await previous(page).click();
      expect(await radio(page, 'english', picks[i]!).isChecked()).toBe(true);
    }
    // The Hinglish test keeps its own progress.
    await page.goto(site.url + TEST_PATH.hinglish);
    await quiz(page).waitFor();
    expect(await indexOf(page)).toBe(0);
    expect(await page.getByTestId('quiz-progress').textContent()).toMatch(/^0 of 30/);
  });

  it('offline: submitting queues the answers, shows the profile scored on the device, and delivers them when back online', async () => {
    const me = student('offline');
    await openFreshTest(page, me, 'english');
    await answerAll(page, 'english', (i) => (i * 3) % 4);

    await page.context().setOffline(true);
    try {
      await submitButton(page).click();
      await toastWith(page, SAVED_OFFLINE_MESSAGE);
      await page.waitForURL(`${site.url}/`);
      const stored = await storedResult(page);
      expect(stored).toMatchObject({ language: 'english', pending: true });
      expect(stored.certificateId).toBeUndefined();
      expect(stored.result.domains).toHaveLength(5);
      expect(site.peer.received.filter((m) => m.to.includes(me.email))).toHaveLength(0);
    } finally {
      await page.context().setOffline(false);
    }
    // Back online: the outbox delivers the queued answers, and the certificate is emailed.
    const mail = await mailTo(me.email);
    expect(mimeLeaves(mail.raw).some((l) => l.contentType === 'image/png')).toBe(true);
    // The locally scored profile is what the server scored.
    const local = await storedResult(page);
    const id = /\/certificate\/([0-9a-f]{32})/.exec(
      mimeLeaves(mail.raw)
        .find((l) => l.contentType === 'text/plain')!
        .text(),
    )![1];
    const record = await (await fetch(`${site.url}/api/v1/certificates/${id}`)).json();
    expect(record.result).toEqual(local.result);
  });
});

describe('the profile panel on the home page', () => {
  let tracked: TrackedPage;
  let page: Page;
  beforeAll(async () => {
    // The service worker may run here, as on a phone where the app is installed.
    tracked = await openPage(site.browser);
    page = tracked.page;
  });
  afterAll(async () => {
    await tracked?.close();
  });

  it('shows the five-domain profile on the home page until it is dismissed', async () => {
    const me = student('panel');
    await openFreshTest(page, me, 'hinglish');
    // The Hinglish test speaks Hinglish on its buttons too.
    expect(await page.locator('.quiz__nav button').allTextContents()).toEqual(['Pichhla', 'Agla']);
    await answerAll(page, 'hinglish');
    expect(await page.locator('.quiz__nav button').allTextContents()).toEqual(['Pichhla', 'Submit kijiye']);
    await submitButton(page).click();
    await page.waitForURL(`${site.url}/`);
    // The success message is on screen: the intro video does not cover it.
    await expectNoIntroVideo(page);
    const panel = page.getByTestId('profile-panel');
    await panel.waitFor({ timeout: 10_000 });
    expect(await panel.getByRole('heading', { name: 'Aapki personality profile' }).count()).toBe(1);
    expect(await panel.locator('[data-domain]').count()).toBe(5);
    expect(await panel.textContent()).toContain('Extraversion (logon se judna)');
    const stored = await storedResult(page);
    expect(await panel.getByRole('link', { name: 'Apna certificate dekhiye' }).getAttribute('href')).toBe(
      `/certificate/${stored.certificateId}`,
    );

    await panel.getByRole('button', { name: 'Profile band kijiye' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.reload();
    await expectNoIntroVideo(page);
    expect(await page.getByTestId('profile-panel').count()).toBe(0);

    // Taken offline: the profile shows at once, scored on the device, and the certificate
    // link appears once the outbox has delivered the answers.
    await page.goto(site.url + TEST_PATH.english);
    await quiz(page).waitFor();
    await answerAll(page, 'english', () => 3);
    await page.context().setOffline(true);
    try {
      await submitButton(page).click();
      await page.waitForURL(`${site.url}/`);
      await expectNoIntroVideo(page);
      await panel.waitFor({ timeout: 10_000 });
      expect(await panel.getByRole('heading', { name: 'Your personality profile' }).count()).toBe(1);
      expect(await panel.getByTestId('profile-status').textContent()).toMatch(/saved on this device/);
      expect(await panel.getByRole('link').count()).toBe(0);
    } finally {
      await page.context().setOffline(false);
    }
    const link = panel.getByRole('link', { name: 'View your certificate' });
    await link.waitFor({ timeout: 20_000 });
    expect(await panel.getByTestId('profile-status').textContent()).toBe('Your certificate has been sent to your email.');
    await link.click();
    await page.getByTestId('certificate-status').waitFor();
    expect(await page.getByTestId('certificate-name').textContent()).toBe(me.name);
    expect(tracked.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e))).toEqual([]);
  });
});

describe('the certificate pages', () => {
  it('an unknown id is a 404 page in the browser and a 404 JSON from the API', async () => {
    const { page, errors } = await site.page();
    const unknown = '0123456789abcdef0123456789abcdef';
    const response = await page.goto(`${site.url}/certificate/${unknown}`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Certificate not found');
    const api = await fetch(`${site.url}/api/v1/certificates/${unknown}`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Certificate not found' });
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
  });
});
