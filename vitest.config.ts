import { defineConfig } from 'vitest/config';

// Two projects: fast unit and API tests beside their code, and browser end-to-end
// tests under tests/ that share one built server per suite. Both start their databases
// from the schema the global setup migrates once per run.
const globalSetup = ['api/testing/global-setup.ts'];

export default defineConfig({
  test: {
    // One file at a time (Vitest's default on two cores). Two at a time cut the suite from
    // about 25 to 19 minutes, but the fault and shutdown tests measure latency under load and
    // failed when another file shared the two cores with them.
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
          environment: 'node',
          globalSetup,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/**/*.test.ts'],
          environment: 'node',
          globalSetup,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A browser condition (a panel refreshed after a click, a count updated by the live
          // feed) is waited for up to 10 s, not expect.poll's 1 s: on a loaded 2-core machine a
          // refresh can take longer than a second, and a poll that never comes true still fails.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
