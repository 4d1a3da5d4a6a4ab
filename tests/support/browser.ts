// Debian's Chromium driven by playwright-core (never a downloaded browser), with the
// flags this machine needs. One browser per suite; a fresh context per test.
//
// The suites' pages run in Debian's chromium-headless-shell when it is installed: the same
// Blink and V8 as the chromium package, built without the browser around them, which is
// what Playwright itself runs for headless tests. The full browser is kept for what only it
// has: a persistent profile with the Push API (launchPersistent) and Lighthouse.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The headless shell, when present (CHROMIUM_PATH set: that browser for everything). */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** Every Chromium this project starts (the suites', Lighthouse's): what this machine needs. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A browser with a profile on disk (`dir`): what the Push API needs, since Chromium refuses it
 * in the throwaway (incognito) contexts launchBrowser's pages get.
 */
export async function launchPersistent(dir: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(CHROMIUM_PATH),
    headless: true,
    args: CHROMIUM_FLAGS,
    ...options,
  });
}

/** `extraArgs`: more Chromium flags (a suite that maps a host name with --host-resolver-rules). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const executablePath = existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : chromiumPath(CHROMIUM_PATH);
  return chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_FLAGS, ...extraArgs] });
}

function chromiumPath(file: string): string {
  if (!existsSync(file)) throw new Error(`Chromium not found at ${file}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  return file;
}
