// `npm run bench`: every benchmark, one run, figures and ratios against their targets.
// `npm run bench -- console lighthouse`: only the sections named (api, certificate,
// render-load, console, reports, outbox, relay, rules, bulk, score, lighthouse, main-thread).
import { benchApi, ROUNDS } from './api.ts';

const SECTIONS = [
  'api',
  'certificate',
  'render-load',
  'console',
  'reports',
  'outbox',
  'relay',
  'rules',
  'bulk',
  'score',
  'lighthouse',
  'main-thread',
] as const;
const only = process.argv.slice(2);
const unknown = only.filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length > 0) throw new Error(`No such bench section: ${unknown.join(', ')} (sections: ${SECTIONS.join(', ')})`);
const runs = (section: (typeof SECTIONS)[number]) => only.length === 0 || only.includes(section);

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

if (runs('api')) {
  const api = await benchApi();
  const singleLine = (name: string, r: { rps: number; p50: number; p99: number; total: number; errors: number; non2xx: number }) =>
    `${name} ${fmt(r.rps)} req/s, p50 ${fmt(r.p50, 1)} ms, p99 ${fmt(r.p99, 1)} ms, ${r.total} requests, ${r.errors} errors, ${r.non2xx} non-2xx`;
  console.log(`\n== Lead ingest on Postgres (loopback), ${ROUNDS} interleaved rounds, rate limit on ==`);
  for (const [i, r] of api.rounds.entries()) {
    console.log(`round ${i + 1}: pgbench ${fmt(r.pgbenchTps)} tps (32 clients, a copy of contact_messages with its indexes)`);
    console.log(`  ${singleLine('POST /api/v1/contact (wrk, 32 conns):', r.single)}`);
    console.log(
      `  POST /api/v1/sync (batches of 100): ${fmt(r.batch.leadsPerSecond)} leads/s, ${r.batch.errors} errors, ${r.batch.non2xx} non-2xx, ${r.batch.itemsNot201} items not 201`,
    );
    console.log(`  ratios: single ${fmt(r.singleRatio, 2)}, batch ${fmt(r.batchRatio, 2)}`);
  }
  console.log(`median ratio single/pgbench: ${fmt(api.median.singleRatio, 2)} (target >= 0.8) ${verdict(api.median.singleRatio >= 0.8)}`);
  console.log(`median p99 single: ${fmt(api.median.p99, 1)} ms`);
  // The tail holds in every round, not only the median one.
  const worstP99 = Math.max(...api.rounds.map((r) => r.single.p99));
  console.log(`worst round's p99 single: ${fmt(worstP99, 1)} ms (target < 25 in every round) ${verdict(worstP99 < 25)}`);
  console.log(`median ratio batch/pgbench:  ${fmt(api.median.batchRatio, 2)} (target >= 1.2) ${verdict(api.median.batchRatio >= 1.2)}`);
  const errors = api.rounds.reduce(
    (n, r) => n + r.single.errors + r.single.non2xx + r.batch.errors + r.batch.non2xx + r.batch.itemsNot201,
    0,
  );
  console.log(`errors: ${errors} (target 0) ${verdict(errors === 0)}`);
  console.log(
    `pgbench once more: ${fmt(api.pgbenchOther.bare)} tps into the 3-index table of earlier figures (median single POSTs ${fmt(
      [...api.rounds.map((r) => r.single.rps)].sort((a, b) => a - b)[1]! / api.pgbenchOther.bare,
      2,
    )} against it), ${fmt(api.pgbenchOther.real)} tps into contact_messages itself with its triggers, one row per transaction`,
  );
  console.log(singleLine('rate limit off (its cost):            ', api.limitOff));
  if (api.balanced) {
    console.log(singleLine('HAProxy → 1 instance:                 ', api.balanced.one));
    console.log(singleLine('HAProxy → 2 instances (same 2 cores): ', api.balanced.two));
  }
}

// The lead score: the insert's extra column and index (the POST's only change), side by side, and the scheduler's scoring.
if (runs('score')) {
  const { benchScore } = await import('./score.ts');
  const r = await benchScore();
  const line = (t: { mean: number; p50: number; p99: number; samples: number }) =>
    `mean ${fmt(t.mean, 2)} ms, p50 ${fmt(t.p50, 2)} ms, p99 ${fmt(t.p99, 2)} ms (${t.samples})`;
  console.log('\n== Lead score on Postgres ==');
  console.log(`insert without the score column and index: ${line(r.withoutScore)}`);
  console.log(`insert with them (every lead now):          ${line(r.withScore)}`);
  console.log(
    `p99 added to an insert: ${fmt(r.withScore.p99 - r.withoutScore.p99, 2)} ms (target < 2) ${verdict(r.withScore.p99 - r.withoutScore.p99 < 2)}`,
  );
  console.log(`scoring a new lead's person (the lead.created job, ${fmt(r.seeded)} leads stored): ${line(r.personScoring)}`);
  console.log(`a recompute batch: ${r.batch.leads} leads in ${fmt(r.batch.ms)} ms`);
}

// Personality test: certificate rendering and scoring, in process.
if (runs('certificate')) {
  const { benchCertificate, printCertificateBench } = await import('./certificate.ts');
  printCertificateBench(await benchCertificate());
}

// Everything else while certificates render flat out.
if (runs('render-load')) {
  const { benchRenderLoad } = await import('./render-load.ts');
  const renderLoad = await benchRenderLoad();
  console.log(`\n== Latency while 20 certificates a second render (${renderLoad.seconds} s, Postgres) ==`);
  const line = (name: string, t: { count: number; p50: number; p99: number; max: number; failed: number }) =>
    `${name}: ${t.count} ok, ${t.failed} failed, p50 ${fmt(t.p50, 1)} ms, p99 ${fmt(t.p99, 1)} ms, max ${fmt(t.max, 1)} ms`;
  console.log(line('POST /api/v1/quiz/submit-answers (20/s)', renderLoad.certificates));
  console.log(line('GET /api/health (20/s)                 ', renderLoad.health));
  console.log(line('POST /api/v1/contact (50/s)            ', renderLoad.leads));
  console.log(
    `certificates rendered per second: ${fmt(renderLoad.certificatesPerSecond, 1)} (target 20) ${verdict(renderLoad.certificatesPerSecond >= 19)}`,
  );
  console.log(`health p99: ${fmt(renderLoad.health.p99, 1)} ms (target < 50) ${verdict(renderLoad.health.p99 < 50)}`);
  console.log(`lead POST p99: ${fmt(renderLoad.leads.p99, 1)} ms (target < 25) ${verdict(renderLoad.leads.p99 < 25)}`);
}

// The admin console's reads at a million leads.
if (runs('console')) {
  const { benchConsole, CONSOLE_TARGET_MS, EXPORT_TARGET_GROWTH_MB, EXPORT_TARGET_ROWS_PER_SECOND, IMPORT_TARGET_SECONDS } =
    await import('./console.ts');
  const consoleBench = await benchConsole();
  console.log(`\n== Admin console, ${fmt(consoleBench.leads)} leads in Postgres (seeded in ${fmt(consoleBench.seedSeconds)} s) ==`);
  const timingLines = (timings: typeof consoleBench.timings) => {
    for (const t of timings) {
      console.log(
        `${t.name.padEnd(40)} p50 ${fmt(t.p50, 1)} ms, p95 ${fmt(t.p95, 1)} ms, max ${fmt(t.max, 1)} ms (${t.samples} requests) ${verdict(t.p95 < CONSOLE_TARGET_MS)}`,
      );
    }
  };
  timingLines(consoleBench.timings);
  console.log(`-- search across every list (GET /api/admin/search?q=), target p95 < ${CONSOLE_TARGET_MS} ms --`);
  timingLines(consoleBench.search);
  console.log(`-- the contact list sorted (50 a page, with its total), target p95 < ${CONSOLE_TARGET_MS} ms --`);
  timingLines(consoleBench.sorted);
  const worst = [...consoleBench.search, ...consoleBench.sorted].reduce((a, b) => (b.p95 > a.p95 ? b : a));
  console.log(
    `slowest search or sorted page: ${worst.name}, p95 ${fmt(worst.p95, 1)} ms (target < ${CONSOLE_TARGET_MS}) ${verdict(worst.p95 < CONSOLE_TARGET_MS)}`,
  );
  const im = consoleBench.imported;
  const importSeconds = im.previewSeconds + im.commitSeconds;
  console.log(
    `CSV import into the contact list: ${fmt(im.rows)} rows (${im.invalid} bad), preview ${fmt(im.previewSeconds, 2)} s, commit ${fmt(im.commitSeconds, 2)} s (${fmt(im.stored)} stored), together ${fmt(importSeconds, 2)} s (target < ${IMPORT_TARGET_SECONDS}) ${verdict(importSeconds < IMPORT_TARGET_SECONDS)}`,
  );
  const ex = consoleBench.exported;
  console.log(
    `CSV export of every lead: ${fmt(ex.rows)} rows in ${fmt(ex.seconds, 1)} s = ${fmt(ex.rowsPerSecond)} rows/s (target >= ${fmt(EXPORT_TARGET_ROWS_PER_SECOND)}) ${verdict(ex.rowsPerSecond >= EXPORT_TARGET_ROWS_PER_SECOND)}`,
  );
  console.log(
    `server memory growth at its peak during the export: ${fmt(ex.peakGrowthMb, 1)} MB (target < ${EXPORT_TARGET_GROWTH_MB}) ${verdict(ex.peakGrowthMb < EXPORT_TARGET_GROWTH_MB)}`,
  );
}

// The funnel and revenue report at a million leads.
if (runs('reports')) {
  const { benchReports, REPORT_TARGET_MS } = await import('./reports.ts');
  const r = await benchReports();
  console.log(`\n== Funnel and revenue report, ${fmt(r.leads)} leads in Postgres (seeded in ${fmt(r.seedSeconds)} s) ==`);
  console.log(`rollup of ${fmt(r.people)} people from scratch: ${fmt(r.rollupSeconds, 1)} s, ${fmt(r.cells)} cells`);
  for (const t of r.timings) {
    console.log(
      `${t.name.padEnd(42)} p50 ${fmt(t.p50, 1)} ms, p95 ${fmt(t.p95, 1)} ms, max ${fmt(t.max, 1)} ms (${t.samples} requests) ${verdict(t.p95 < REPORT_TARGET_MS)}`,
    );
  }
}

// The outbox: a classroom's worth of queued submissions after the Wi-Fi comes back.
if (runs('outbox')) {
  const { benchOutboxDrain, DRAIN_TARGET_MS } = await import('./outbox.ts');
  console.log('\n== Outbox drain (Chromium → API → Postgres, loopback) ==');
  for (const pagePath of ['/contact', '/outbox']) {
    const drain = await benchOutboxDrain(1000, pagePath);
    console.log(
      `${drain.count} queued submissions delivered in ${fmt(drain.ms)} ms after reconnecting, ${pagePath} open ` +
        `(target <= ${DRAIN_TARGET_MS}) ${verdict(drain.ms <= DRAIN_TARGET_MS)}`,
    );
  }
}

// A classroom relay's queue forwarded once its upstream answers again.
if (runs('relay')) {
  const { benchRelayForward } = await import('./relay.ts');
  console.log('\n== Relay forwarding (relay on PGlite → upstream API → Postgres, loopback) ==');
  const r = await benchRelayForward(1000);
  console.log(
    `${r.count} queued submissions upstream ${fmt(r.ms / 1000, 1)} s after the upstream answered again (the forwarder's back-off wait included)`,
  );
}

// What five matching rules add to a lead POST (side by side with none), whether the scheduler
// kept up, and the scheduler's own pace one job per transaction against batches.
if (runs('rules')) {
  const { benchRules, benchSchedulerThroughput } = await import('./rules.ts');
  const r = await benchRules();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log('\n== Rules on the lead POST (Postgres, wrk 32 conns, rounds off/on/off/on) ==');
  for (const [name, key] of [
    ['no rules', 'off'],
    ['5 rules ', 'on'],
  ] as const) {
    for (const [i, w] of r[key].entries())
      console.log(
        `${name}: ${fmt(w.rps)} req/s, p50 ${fmt(w.p50, 1)} ms, p99 ${fmt(w.p99, 1)} ms, ${w.errors + w.non2xx} errors; ${r.dueAtEnd[key][i]} jobs due at its end; load ${fmt(r.load[key][i]!, 1)}`,
      );
  }
  const added = Math.max(...r.on.map((w) => w.p99)) - Math.max(...r.off.map((w) => w.p99));
  console.log(`p99 added by rules (worst on − worst off): ${fmt(added, 2)} ms (target < 2) ${verdict(added < 2)}`);
  console.log(`median req/s off ${fmt(median(r.off.map((w) => w.rps)))}, on ${fmt(median(r.on.map((w) => w.rps)))}`);
  console.log(
    `${r.firings} firings; after an on-round the scheduler worked ${fmt(r.catchUpSeconds, 1)} s and left ${r.leftAfter} jobs due`,
  );
  console.log(`rule and event jobs done a second while catching up, by on-round: ${r.catchUpJobsPerSecond.map((x) => fmt(x)).join(', ')}`);
  const t = await benchSchedulerThroughput();
  console.log(
    `scheduler alone, ${t.jobs} jobs a round: one per transaction ${t.single.map((x) => fmt(x)).join(', ')} jobs/s; batches ${t.batched
      .map((x) => fmt(x))
      .join(', ')} jobs/s (load ${fmt(t.load, 1)})`,
  );
}

// One bulk change of 10,000 leads by filter, on PGlite and on Postgres side by side.
if (runs('bulk')) {
  const { benchBulk, BULK_LEADS, BULK_TARGET_MS } = await import('./bulk.ts');
  console.log(`\n== Bulk work, ${fmt(BULK_LEADS)} leads by filter (among 2,000 others), in process ==`);
  for (const f of await benchBulk()) {
    const worst = Math.max(f.assignMs, f.statusMs, f.undoMs);
    console.log(
      `${f.backend.padEnd(8)}: assign ${fmt(f.assignMs)} ms, status ${fmt(f.statusMs)} ms, its undo ${fmt(f.undoMs)} ms (load average ${fmt(f.load, 1)}); ` +
        `worst ${fmt(worst)} ms (target < ${fmt(BULK_TARGET_MS)}) ${verdict(worst < BULK_TARGET_MS)}; rules' status events per lead: ${fmt(f.eventsPerLead, 2)} (expected 2: the change and its undo)`,
    );
    const cpuWorst = Math.max(f.cpuMs.assign, f.cpuMs.status, f.cpuMs.undo);
    console.log(
      `${' '.repeat(8)}  CPU time: assign ${fmt(f.cpuMs.assign)} ms, status ${fmt(f.cpuMs.status)} ms, undo ${fmt(f.cpuMs.undo)} ms (an idle core's wall time; target < ${fmt(BULK_TARGET_MS)}) ${verdict(cpuWorst < BULK_TARGET_MS)}`,
    );
  }
}

// Lighthouse, mobile defaults, on the four pages the budget names.
if (runs('lighthouse')) {
  const { benchLighthouse, lighthousePaths, printLighthouse } = await import('./lighthouse.ts');
  printLighthouse(await benchLighthouse(Number(process.env.LIGHTHOUSE_RUNS ?? 1), lighthousePaths()));
}

// The public pages' main-thread work at a 4× slower CPU, over several loads (LIGHTHOUSE_PATHS picks pages).
if (runs('main-thread')) {
  const { runMainThread } = await import('./main-thread.ts');
  await runMainThread();
}
