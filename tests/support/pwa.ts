// Helpers for the public-site browser tests: pages that record console errors, axe-core
// run inside the page, and the intro video popup that opens on a visitor's first visit home.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface TrackedPage {
  page: Page;
  /** console.error messages and uncaught page errors so far. */
  errors: string[];
  close(): Promise<void>;
}

export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { page, errors, close: () => context.close() };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe-core in the page (evaluated through the protocol, so the CSP does not apply). */
export async function axeViolations(page: Page, impacts: string[] = ['serious', 'critical']): Promise<AxeViolation[]> {
  // Let entrance animations (finite ones) finish: mid-fade text has no stable contrast.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })),
    }));
  });
  return violations.filter((v) => v.impact !== null && impacts.includes(v.impact));
}

/** The home page opens its intro video on load; most tests close it first. */
export async function closeIntroVideo(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Close video' });
  await close.waitFor();
  await close.click();
  await page.locator('dialog').waitFor({ state: 'detached' });
}

/**
 * The home page is live and its intro video did not open: the popup decides when the page
 * mounts and opens in a background task after the load, so a few of React's scheduler
 * tasks (MessageChannel, which Playwright's clock does not hold) after a background task
 * that follows it, it is there or it never will be.
 */
export async function expectNoIntroVideo(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.page === location.pathname);
  await page.waitForFunction(() => document.readyState === 'complete');
  // A background task posted now runs after the popup's (posted at the load, or when the
  // page went live, with the same priority); Playwright's clock does not hold either.
  await page.evaluate(() =>
    (window as unknown as { scheduler: { postTask(task: () => void, options: { priority: string }): Promise<void> } }).scheduler.postTask(
      () => undefined,
      { priority: 'background' },
    ),
  );
  await page.evaluate(async () => {
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(0);
      });
    }
  });
  expect(await page.getByRole('button', { name: 'Close video' }).count()).toBe(0);
}

/**
 * Freezes the page clock (installed before navigation) a moment from now. On a loaded
 * runner that moment can pass before the call lands ("Cannot fast-forward to the past"):
 * then it reads the clock again and allows a longer moment.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let margin = 50; ; margin *= 4) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + margin);
      return;
    } catch (err) {
      if (margin >= 3200 || !/to the past/i.test(String(err))) throw err;
    }
  }
}

/** The paths of the script files `page` asks for from now on, filled in as it asks. */
export function scriptsAskedFor(page: Page): Set<string> {
  const paths = new Set<string>();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.resourceType() === 'script' || path.endsWith('.js')) paths.add(path);
  });
  return paths;
}

/** Navigates and waits until the route's page is live (hydrated), not just painted. */
export async function gotoLive(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.page === location.pathname);
}

/**
 * The phone loses its connection: the browser reports offline, and any API call that still
 * leaves (the service worker's, say) fails as a dropped network would.
 */
export async function offline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/api/**', (r) => r.abort('internetdisconnected'));
}
export async function online(context: BrowserContext): Promise<void> {
  await context.unroute('**/api/**');
  await context.setOffline(false);
}
