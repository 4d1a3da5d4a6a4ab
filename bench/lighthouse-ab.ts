// Two builds side by side: the one in dist/pwa ("after") and an older copy of dist/pwa
// ("before", LIGHTHOUSE_BEFORE=/path/to/old/dist/pwa), each served by its own server at
// once, runs alternated page by page, so both see the same minutes of a shared machine's
// load. Prints, per page, the median performance score, main-thread work and total blocking
// time of each, and writes each run's main-thread breakdown, boot-up time per script and
// unused JavaScript to LIGHTHOUSE_DETAILS (a JSON file) when set.
//   LIGHTHOUSE_BEFORE=/tmp/old-pwa LIGHTHOUSE_RUNS=3 LIGHTHOUSE_PATHS=/,/hi npx tsx bench/lighthouse-ab.ts
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../tests/support/browser.ts';
import { startServer, type RunningServer } from '../tests/support/server.ts';
import { lighthousePaths, runFailure } from './lighthouse.ts';

interface Run {
  build: 'before' | 'after';
  path: string;
  load: number;
  performance: number;
  mainThreadMs: number;
  blockingMs: number;
  cpuMs: number;
  error?: string;
  details?: unknown;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** What the main thread did, by kind and by script: the audits a slow phone's score rests on. */
function details(lhr: Lhr): unknown {
  const items = (id: string) => ((lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []) as Record<string, unknown>[];
  return {
    breakdown: items('mainthread-work-breakdown').map((i) => [i.groupLabel, Math.round(Number(i.duration))]),
    bootup: items('bootup-time').map((i) => [i.url, Math.round(Number(i.total)), Math.round(Number(i.scripting))]),
    unusedJs: items('unused-javascript').map((i) => [i.url, Math.round(Number(i.wastedBytes) / 1024)]),
    longTasks: items('long-tasks').map((i) => [i.url, Math.round(Number(i.startTime)), Math.round(Number(i.duration))]),
    metrics: Object.fromEntries(
      ['first-contentful-paint', 'largest-contentful-paint', 'speed-index', 'total-blocking-time', 'cumulative-layout-shift'].map((id) => [
        id,
        Math.round((lhr.audits[id]?.numericValue ?? 0) * 1000) / 1000,
      ]),
    ),
  };
}

/**
 * The main thread's own CPU time (its top-level tasks' thread time), which a busy machine
 * inflates far less than the wall-clock durations Lighthouse reports: a task that waits for
 * a core counts its wait in wall time, not in thread time.
 */
function mainThreadCpuMs(trace: { traceEvents: Array<Record<string, unknown>> } | undefined): number {
  const events = trace?.traceEvents ?? [];
  const mains = events.filter((e) => e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain');
  let best = 0;
  for (const m of mains) {
    let sum = 0;
    for (const e of events) {
      if (e.pid === m.pid && e.tid === m.tid && e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')) {
        sum += Number(e.tdur ?? 0);
      }
    }
    best = Math.max(best, sum);
  }
  return Math.round(best / 1000);
}

async function measure(port: number, origin: string, path: string, build: Run['build']): Promise<Run> {
  const load = Math.round(os.loadavg()[0]! * 10) / 10;
  let error: string | undefined;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const result = await lighthouse(origin + path, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!result) throw new Error('lighthouse returned nothing');
      const { lhr } = result;
      error = lhr.runtimeError
        ? runFailure({
            ...lhr,
            categories: { ...lhr.categories, accessibility: { score: 1 }, 'best-practices': { score: 1 }, seo: { score: 1 } },
          })
        : undefined;
      if (error) continue;
      return {
        build,
        path,
        load,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        mainThreadMs: Math.round(lhr.audits['mainthread-work-breakdown']?.numericValue ?? 0),
        blockingMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        cpuMs: mainThreadCpuMs((result.artifacts as unknown as { Trace?: { traceEvents: Array<Record<string, unknown>> } }).Trace),
        details: details(lhr),
      };
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
  }
  return { build, path, load, performance: 0, mainThreadMs: 0, blockingMs: 0, cpuMs: 0, error };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main(): Promise<void> {
  const beforeDir = process.env.LIGHTHOUSE_BEFORE;
  if (!beforeDir) throw new Error('Set LIGHTHOUSE_BEFORE to a copy of an older dist/pwa.');
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const paths = lighthousePaths();
  // Each server's canonical links name its own origin (PUBLIC_URL), so both pass the same checks.
  const servers: Record<Run['build'], RunningServer> = {
    before: await startServer({ env: (port) => ({ STATIC_DIR: beforeDir, PUBLIC_URL: `http://localhost:${port}` }) }),
    after: await startServer({ env: (port) => ({ PUBLIC_URL: `http://localhost:${port}` }) }),
  };
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const all: Run[] = [];
  try {
    for (const path of paths) {
      for (let i = 0; i < runs; i++) {
        // Alternate which goes first, so neither build always meets the quieter moment.
        const order: Run['build'][] = i % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
        for (const build of order) {
          const r = await measure(chrome.port, `http://localhost:${servers[build].port}`, path, build);
          all.push(r);
          console.error(
            `${path} ${build}: perf ${r.performance}, main ${r.mainThreadMs} ms, TBT ${r.blockingMs} ms, CPU ${r.cpuMs} ms, load ${r.load}${r.error ? ` FAILED ${r.error}` : ''}`,
          );
        }
      }
    }
  } finally {
    await chrome.kill();
    await Promise.all(Object.values(servers).map((s) => s.stop()));
  }
  if (process.env.LIGHTHOUSE_DETAILS) writeFileSync(process.env.LIGHTHOUSE_DETAILS, JSON.stringify(all, null, 1));
  console.log('medians; main thread, TBT and main-thread CPU in ms');
  console.log('path                            | before: perf runs → perf, main, TBT, CPU | after: the same | load averages');
  for (const path of paths) {
    const cell = (build: Run['build']) => {
      const ok = all.filter((r) => r.path === path && r.build === build && !r.error);
      const perf = ok.map((r) => r.performance).join('/');
      const m = (f: (r: Run) => number) => median(ok.map(f));
      return `${perf} → ${m((r) => r.performance)}, ${m((r) => r.mainThreadMs)}, ${m((r) => r.blockingMs)}, ${m((r) => r.cpuMs)}`;
    };
    const loads = all.filter((r) => r.path === path).map((r) => r.load);
    console.log(
      `${path.padEnd(32)}| ${cell('before').padEnd(32)}| ${cell('after').padEnd(31)}| ${Math.min(...loads)}–${Math.max(...loads)}`,
    );
  }
}

await main();
