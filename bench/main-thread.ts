// The main thread's work in a page's first seconds, as a phone four times slower than this
// machine does it: every task Chromium ran (script, style, layout, paint) from navigation to
// MAIN_THREAD_WINDOW_MS after the load event, summed by the browser itself
// (Performance.getMetrics' TaskDuration). Lighthouse's "main-thread work" is the same idea,
// but its score on this machine moves by a grade between runs of one build; this counts the
// work alone, on a real (not simulated) throttled CPU, over several loads, so two builds can
// be compared side by side: MAIN_THREAD_BASELINE names another build's dist/pwa, served by a
// second server, and each load of this build is followed by the same load of that one, so
// the machine's drift from minute to minute falls on both.
//   MAIN_THREAD_LOADS=6 MAIN_THREAD_BASELINE=/tmp/dist-before/pwa npm run bench -- main-thread
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser.ts';
import { startServer } from '../tests/support/server.ts';
import { lighthousePaths } from './lighthouse.ts';

/** How long after the load event the work is counted: hydration and what it starts. */
export const MAIN_THREAD_WINDOW_MS = 4_000;
/** A mid-range phone against this machine: Lighthouse's mobile default. */
const CPU_SLOWDOWN = 4;

export interface MainThreadRow {
  path: string;
  /** "this build", or the baseline's directory. */
  build: string;
  /** Each load's main-thread work (ms). */
  loads: number[];
}

export async function benchMainThread(loads: number, paths: readonly string[], baseline?: string): Promise<MainThreadRow[]> {
  const builds: Array<{ build: string; env: Record<string, string> }> = [
    { build: 'this build', env: {} },
    ...(baseline ? [{ build: baseline, env: { STATIC_DIR: baseline } }] : []),
  ];
  const servers = await Promise.all(builds.map(({ env }) => startServer({ postgres: false, env })));
  const browser = await launchBrowser();
  const rows = paths.flatMap((path) => builds.map(({ build }, b) => ({ path, build, url: servers[b]!.url + path, loads: [] as number[] })));
  try {
    // Loads of every page and build interleaved, so a slow minute of the machine spreads over all.
    for (let i = 0; i < loads; i++) {
      for (const row of rows) row.loads.push(await oneLoad(browser, row.url));
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((s) => s.stop()));
  }
  return rows.map(({ path, build, loads }) => ({ path, build, loads }));
}

async function oneLoad(browser: Browser, url: string): Promise<number> {
  // A fresh context each time: no HTTP cache, no service worker, as a first visit.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load' });
    // The window is the measurement's definition, not a wait for something to happen.
    await page.waitForTimeout(MAIN_THREAD_WINDOW_MS);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const seconds = metrics.find((m) => m.name === 'TaskDuration')?.value;
    if (seconds === undefined) throw new Error('Chromium reported no TaskDuration');
    return Math.round(seconds * 1000);
  } finally {
    await context.close();
  }
}

export function printMainThread(rows: MainThreadRow[]): void {
  console.log(`\n== Main-thread work, 390 px, CPU ${CPU_SLOWDOWN}× slower, load + ${MAIN_THREAD_WINDOW_MS / 1000} s ==`);
  const width = Math.max(...rows.map((r) => r.path.length), 4);
  const buildWidth = Math.max(...rows.map((r) => r.build.length), 5);
  console.log(`${'path'.padEnd(width)}  ${'build'.padEnd(buildWidth)}     mean      min      max  loads`);
  for (const { path, build, loads } of rows) {
    const mean = loads.reduce((a, b) => a + b, 0) / loads.length;
    const cells = [mean, Math.min(...loads), Math.max(...loads)].map((ms) => `${Math.round(ms)} ms`.padStart(9));
    console.log(`${path.padEnd(width)}  ${build.padEnd(buildWidth)}${cells.join('')}  ${loads.join(' ')}`);
  }
}

/** The section as `npm run bench` runs it: MAIN_THREAD_LOADS, MAIN_THREAD_BASELINE and LIGHTHOUSE_PATHS from the environment. */
export async function runMainThread(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  printMainThread(
    await benchMainThread(Number(env.MAIN_THREAD_LOADS ?? 3), lighthousePaths(env.LIGHTHOUSE_PATHS), env.MAIN_THREAD_BASELINE),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runMainThread();
