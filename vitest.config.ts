import { configDefaults, defineConfig } from 'vitest/config';

// Two phases. First every file that does not time the machine (a browser suite starts its own
// server on a free port, its own database and its own temporary folders, so files could share
// the machine; see maxWorkers for why they do not). Then the files that measure latency or
// throughput under load, alone and one at a time: with another file on the two cores they
// measure that file, not the product (the fault and graceful-stop tests failed that way).
// Vitest runs projects by `sequence.groupOrder`, lowest first, so the phases are two groups
// of one run: one global setup, one report, and `npm test -- <file>` finds a file in either.
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
    // One file at a time. Two at a time (one per core) gained nothing on this 2-core machine:
    // a browser file is itself a server, a database and Chromium, so each of two took twice as
    // long (the sum of file times stayed the same), and the longest browser tests crossed their
    // one-minute limits (a fresh-clone run on 27 Nov, 14:45). The latency phase still runs last.
    maxWorkers: 1,
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
