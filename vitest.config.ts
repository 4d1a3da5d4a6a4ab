import { defineConfig } from 'vitest/config';

// Two projects: fast unit and API tests beside their code, and browser end-to-end
// tests under tests/ that share one built server per suite.
export default defineConfig({
  test: {
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
