// `npm run bench`: every benchmark, one run, figures and ratios against their targets.
import { benchApi } from './api.ts';

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

const api = await benchApi();
const singleRatio = api.single.rps / api.pgbenchTps;
const batchRatio = api.batch.leadsPerSecond / api.pgbenchTps;
console.log('\n== Lead ingest on Postgres (loopback) ==');
console.log(`pgbench single-row inserts (32 clients):  ${fmt(api.pgbenchTps)} tps (before/after the API: ${api.pgbenchRuns.map((r) => fmt(r)).join(' / ')})`);
console.log(
  `POST /api/v1/contact (wrk, 32 conns):    ${fmt(api.single.rps)} req/s, p50 ${fmt(api.single.p50, 1)} ms, p99 ${fmt(api.single.p99, 1)} ms, ` +
    `${api.single.total} requests, ${api.single.errors} errors, ${api.single.non2xx} non-2xx`,
);
console.log(
  `POST /api/v1/sync (batches of 100):       ${fmt(api.batch.leadsPerSecond)} leads/s, ${api.batch.errors} errors, ` +
    `${api.batch.non2xx} non-2xx, ${api.batch.itemsNot201} items not 201`,
);
console.log(`ratio single/pgbench: ${fmt(singleRatio, 2)} (target >= 0.35) ${verdict(singleRatio >= 0.35)}`);
console.log(`p99 single: ${api.single.p99} ms (target < 50) ${verdict(api.single.p99 < 50)}`);
console.log(`ratio batch/pgbench:  ${fmt(batchRatio, 2)} (target >= 1.0) ${verdict(batchRatio >= 1)}`);
const errors = api.single.errors + api.single.non2xx + api.batch.errors + api.batch.non2xx + api.batch.itemsNot201;
console.log(`errors: ${errors} (target 0) ${verdict(errors === 0)}`);

// Personality test: certificate rendering and scoring, in process.
const { benchCertificate, printCertificateBench } = await import('./certificate.ts');
printCertificateBench(await benchCertificate());

// Everything else while certificates render flat out.
const { benchRenderLoad } = await import('./render-load.ts');
const renderLoad = await benchRenderLoad();
console.log(`\n== Latency while 20 certificates a second render (${renderLoad.seconds} s, Postgres) ==`);
const line = (name: string, t: { count: number; p50: number; p99: number; max: number; failed: number }) =>
  `${name}: ${t.count} ok, ${t.failed} failed, p50 ${fmt(t.p50, 1)} ms, p99 ${fmt(t.p99, 1)} ms, max ${fmt(t.max, 1)} ms`;
console.log(line('POST /api/v1/quiz/submit-answers (20/s)', renderLoad.certificates));
console.log(line('GET /api/health (20/s)                 ', renderLoad.health));
console.log(line('POST /api/v1/contact (50/s)            ', renderLoad.leads));
console.log(`certificates rendered per second: ${fmt(renderLoad.certificatesPerSecond, 1)} (target 20) ${verdict(renderLoad.certificatesPerSecond >= 19)}`);
console.log(`health p99: ${fmt(renderLoad.health.p99, 1)} ms (target < 50) ${verdict(renderLoad.health.p99 < 50)}`);
console.log(`lead POST p99: ${fmt(renderLoad.leads.p99, 1)} ms (target < 50) ${verdict(renderLoad.leads.p99 < 50)}`);

// The admin console's reads at a million leads.
const { benchConsole, CONSOLE_TARGET_MS, EXPORT_TARGET_GROWTH_MB, EXPORT_TARGET_ROWS_PER_SECOND } = await import('./console.ts');
const consoleBench = await benchConsole();
console.log(`\n== Admin console, ${fmt(consoleBench.leads)} leads in Postgres (seeded in ${fmt(consoleBench.seedSeconds)} s) ==`);
for (const t of consoleBench.timings) {
  console.log(`${t.name.padEnd(40)} p50 ${fmt(t.p50, 1)} ms, p95 ${fmt(t.p95, 1)} ms, max ${fmt(t.max, 1)} ms (${t.samples} requests) ${verdict(t.p95 < CONSOLE_TARGET_MS)}`);
}
const ex = consoleBench.exported;
console.log(`CSV export of every lead: ${fmt(ex.rows)} rows in ${fmt(ex.seconds, 1)} s = ${fmt(ex.rowsPerSecond)} rows/s (target >= ${fmt(EXPORT_TARGET_ROWS_PER_SECOND)}) ${verdict(ex.rowsPerSecond >= EXPORT_TARGET_ROWS_PER_SECOND)}`);
console.log(`server memory growth at its peak during the export: ${fmt(ex.peakGrowthMb, 1)} MB (target < ${EXPORT_TARGET_GROWTH_MB}) ${verdict(ex.peakGrowthMb < EXPORT_TARGET_GROWTH_MB)}`);

// The outbox: a classroom's worth of queued submissions after the Wi-Fi comes back.
const { benchOutboxDrain, DRAIN_TARGET_MS } = await import('./outbox.ts');
console.log('\n== Outbox drain (Chromium → API → Postgres, loopback) ==');
for (const pagePath of ['/contact', '/outbox']) {
  const drain = await benchOutboxDrain(1000, pagePath);
  console.log(
    `${drain.count} queued submissions delivered in ${fmt(drain.ms)} ms after reconnecting, ${pagePath} open ` +
      `(target <= ${DRAIN_TARGET_MS}) ${verdict(drain.ms <= DRAIN_TARGET_MS)}`,
  );
}

// Lighthouse, mobile defaults, on the four pages the budget names.
const { benchLighthouse, printLighthouse } = await import('./lighthouse.ts');
printLighthouse(await benchLighthouse(Number(process.env.LIGHTHOUSE_RUNS ?? 1)));
