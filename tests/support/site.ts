// What the browser suites of the public site share: the built server and one browser for
// the whole file, a fresh page per test that closes even when the test fails, and the
// small helpers the forms need (the toast, a canned API answer, unique addresses).
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../api/testing/smtp.ts';
import { launchBrowser } from './browser.ts';
import { openPage, type TrackedPage } from './pwa.ts';
import { startServer, type RunningServer, type StartOptions } from './server.ts';

export interface Site {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The server's base URL (no trailing slash). */
  readonly url: string;
  /** A page in a context of its own, closed when the running test finishes. */
  page(options?: BrowserContextOptions): Promise<TrackedPage>;
}

/**
 * Pages without the service worker, for suites where it plays no part: the console (never
 * served from the worker, pwa/sw.ts) and the public pages' own behaviour (forms, menus,
 * focus, chrome). A page that registers the worker makes the browser precache the whole public
 * site (169 files) and, once it controls the page, pass every request through it: measured
 * 2.5–3 s of CPU a context (Chromium, the server and Playwright) against 0.6 s without it.
 * Where the worker has a part (offline pages, the outbox's Background Sync, updates, push,
 * the relay, a second visit), the suite or the test keeps it (WITH_SERVICE_WORKER): outbox,
 * site-routes, push-bell and every test that goes offline.
 */
export const NO_SERVICE_WORKER: BrowserContextOptions = { serviceWorkers: 'block' };
/** A test's page with the worker in a suite without it (one that goes offline, say). */
export const WITH_SERVICE_WORKER: BrowserContextOptions = { serviceWorkers: 'allow' };

/**
 * Starts the server and the browser before this file's tests and stops them after. The
 * fields are set in beforeAll: read them inside tests and hooks, not at the top level.
 * `contextDefaults`: options every page of the file starts from (a test's own override them).
 */
export function useSite(options: StartOptions = {}, contextDefaults: BrowserContextOptions = {}): Site {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useSite: the server and browser start in beforeAll');
    return value;
  };
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(options), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    get url() {
      return started(server).url;
    },
    async page(contextOptions = {}) {
      const tracked = await openPage(started(browser), { ...contextDefaults, ...contextOptions });
      onTestFinished(() => tracked.close());
      return tracked;
    },
  };
}

/**
 * useSite for a server that sends mail: a real SMTP peer takes it, and PUBLIC_URL is the server
 * itself, so the links in its emails (an invitation, an erasure, a certificate) open here. The
 * peer starts first (hooks run in order, and the server's environment names it) and closes
 * last, after the server. `env` is the rest of the server's environment.
 */
export function useMailingSite(
  env: Record<string, string> = {},
  contextDefaults: BrowserContextOptions = {},
): Site & { readonly peer: SmtpPeer } {
  let peer: SmtpPeer | undefined;
  const started = (): SmtpPeer => {
    if (peer === undefined) throw new Error('useMailingSite: the SMTP peer starts in beforeAll');
    return peer;
  };
  beforeAll(async () => {
    peer = await startSmtpPeer();
  });
  afterAll(async () => {
    await peer?.close();
  });
  const site = useSite({ env: (port) => ({ SMTP_URL: started().url, PUBLIC_URL: `http://127.0.0.1:${port}`, ...env }) }, contextDefaults);
  return Object.defineProperty(site, 'peer', { get: started }) as Site & { readonly peer: SmtpPeer };
}

/** Set on a message a toast() call has already taken, so a later call cannot take it again. */
const SEEN = 'data-seen-by-test';

/**
 * Waits for a toast (a status message) with exactly this text that no earlier call took.
 * A message stays up for seconds: a test that sends the same form twice and waited for its
 * message each time passed on the first one's still-showing toast even if the second send
 * showed none. Each message found is marked, so the next call needs a new one.
 */
export async function toast(page: Page, text: string): Promise<void> {
  const fresh = page
    .getByRole('status')
    .getByText(text, { exact: true })
    .and(page.locator(`:not([${SEEN}])`))
    .first();
  await fresh.waitFor();
  const found = await fresh.elementHandle();
  // On the handle, not the locator: a message that has just gone still counts as seen.
  await found.evaluate((el, name) => el.setAttribute(name, ''), SEEN);
  await found.dispose();
}

/** A toast with exactly this text is on screen, whether or not toast() has taken it (a message that outlives a navigation). */
export const toastShowing = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true }).first().waitFor();

/** A final rejection (4xx): the outbox does not retry it, the form shows its failure message. */
export const reject = (page: Page, path: string, body: object = {}, status = 422) =>
  page.route(`**${path}`, (r) => r.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }));

/** A server error: the submission stays in the outbox, and the form says it is saved. */
export const fail500 = (page: Page, path: string) =>
  page.route(`**${path}`, (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));

/** Six random characters, for addresses and messages no earlier run has used. */
export const unique = () => Math.random().toString(36).slice(2, 8);

/** Fills fields by their exact label, in the order given. */
export async function fillFields(scope: Page | Locator, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await scope.getByLabel(label, { exact: true }).fill(value);
}
