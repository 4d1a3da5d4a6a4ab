import { configDefaults, defineConfig } from 'vitest/config';

// Three phases, as three `sequence.groupOrder` groups of one vitest run (one global setup,
// one report, and `npm test -- <file>` finds a file in any of them), lowest first:
// 1. The unit project, two files at a time. A unit file is one process doing the work
//    itself (its PGlite in the worker, or a Postgres backend answering it), so two of them
//    keep both cores busy (6% idle, vmstat over the phase). Its files share each worker's
//    modules (isolate: false): loading them again for each of 130 files was a third of the
//    phase's CPU (282 → 201 s wall, 7 Dec). No unit file mocks a module; the globals some
//    stub are unstubbed after each test, and the files passed in shuffled orders.
// 2. The files that measure latency or throughput under load, alone: with another file on
//    the two cores they measure that file, not the product. Before the browser suites: twice
//    the fault test at 200 POSTs/s failed at the end of a full run (never alone, nor right
//    after the relay file), and the machine 30 minutes into a run is the suspect.
// 3. The browser and process suites, two at a time. One alone is a chain of waits (the test,
//    CDP, Chromium, the server, Postgres) that left the two cores 41% idle over the phase; two
//    at a time, 12% idle, each file 10–50% slower and the phase 641 → 405 s (7 Dec, pages in the
//    headless shell, no service worker where it plays no part). Files whose assertion is a time
//    are in the latency phase, alone.
const globalSetup = ['api/testing/global-setup.ts'];

/** The files that time the server or the machine: a p99, a rate, an exit or a push within a bound. */
export const LATENCY_FILES = [
  // p99 of answers while Postgres is gone, at 200 POSTs/s.
  'tests/faults.test.ts',
  // A SIGTERM at 150 POSTs/s answers every accepted request; slow clients cut off in time.
  'tests/http-limits.test.ts',
  // The process exits within 2 s of a SIGTERM with a mail backlog.
  'tests/mail-shutdown.test.ts',
  // 40 phones' certificates mailed within 60 s of the upstream coming back.
  'tests/relay.test.ts',
  // A session's live stream ends within a second of a logout on another instance.
  'api/resources/desk-live.test.ts',
  // A lead posted reaches an open list, and a revoked session the login, within 2 s.
  'tests/e2e/admin-live.test.ts',
];

/** A browser condition is waited for up to 10 s, not expect.poll's 1 s (a refresh can take longer on a loaded 2-core machine; a poll that never comes true still fails). */
const browserExpect = { poll: { timeout: 10_000 } };

export default defineConfig({
  test: {
    // The most any group runs at once; each project says its own (vitest requires one value per group).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'contract/**/*.test.ts',
            'api/**/*.test.ts',
            'migrations/**/*.test.ts',
            'pwa/**/*.test.{ts,tsx}',
            'pdf/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...LATENCY_FILES],
          environment: 'node',
          globalSetup,
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 0 },
          testTimeout: 30_000,
          // A suite's databases and members are made in its hooks: about a second of CPU on an
          // idle machine, but past 60 s with another file beside it on a 2-core machine other
          // jobs load to 25–40 (every PGlite hook of a two-at-a-time run on 27 Nov at 13:50).
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...LATENCY_FILES],
          environment: 'node',
          globalSetup,
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: browserExpect,
        },
      },
      {
        test: {
          name: 'latency',
          include: LATENCY_FILES,
          environment: 'node',
          globalSetup,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: browserExpect,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
