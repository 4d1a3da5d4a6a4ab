// Lighthouse (mobile defaults: simulated slow 4G and a 4× slower CPU) with Debian's
// Chromium against the production build, on the four pages the budget names. Prints the
// four category scores per URL and whether each meets its target
// (performance >= 95; accessibility, best practices, SEO = 100).
//   npx tsx bench/lighthouse.ts            (builds nothing: run `npm run build` first)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../tests/support/browser.ts';
import { startServer } from '../tests/support/server.ts';

export const LIGHTHOUSE_PATHS = ['/', '/contact', '/blog', '/course/soft-skills'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

export interface LighthouseRow {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  failing: string[];
}

async function freePort3000(): Promise<boolean> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(3000, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

export async function benchLighthouse(runs = 1): Promise<LighthouseRow[]> {
  // The prerendered canonical links use PUBLIC_URL (default http://localhost:3000); serving
  // on that origin keeps Lighthouse's canonical check honest.
  const on3000 = await freePort3000();
  const server = await startServer(on3000 ? { port: 3000 } : {});
  const origin = on3000 ? 'http://localhost:3000' : server.url;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const path of LIGHTHOUSE_PATHS) {
      const all: LighthouseRow[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(origin + path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`lighthouse returned nothing for ${path}`);
        const { categories, audits } = result.lhr;
        const scores = Object.fromEntries(
          CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]),
        ) as LighthouseRow['scores'];
        const failing = Object.values(audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              a.scoreDisplayMode !== 'informative' &&
              a.scoreDisplayMode !== 'manual' &&
              a.scoreDisplayMode !== 'notApplicable',
          )
          .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        all.push({ path, scores, failing });
      }
      // The median performance run stands for the page.
      all.sort((a, b) => a.scores.performance - b.scores.performance);
      rows.push(all[Math.floor(all.length / 2)]!);
    }
  } finally {
    await chrome.kill();
    await server.stop();
  }
  return rows;
}

export function printLighthouse(rows: LighthouseRow[]): boolean {
  console.log('\n== Lighthouse, mobile defaults (Debian Chromium) ==');
  console.log('path                  perf  a11y  best  seo');
  let ok = true;
  for (const r of rows) {
    const s = r.scores;
    const pass = CATEGORIES.every((c) => s[c] >= TARGET[c]);
    ok &&= pass;
    console.log(
      `${r.path.padEnd(20)}  ${String(s.performance).padStart(4)}  ${String(s.accessibility).padStart(4)}  ${String(s['best-practices']).padStart(4)}  ${String(s.seo).padStart(4)}  ${pass ? 'PASS' : 'MISS'}`,
    );
    if (!pass) console.log(`    below 1: ${r.failing.join(', ')}`);
  }
  console.log(`targets: performance >= 95, accessibility / best practices / SEO = 100 ${ok ? 'PASS' : 'MISS'}`);
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
  printLighthouse(await benchLighthouse(runs));
}
