import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.unit.spec.ts', 'test/**/*.prop.spec.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/**/*.int.spec.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Crash, two-process, store-failure and slow-client suites, all in `npm test` (the crash
          // suite's short form); `npm run test:chaos` runs them alone, CHAOS_KILLS=20 the long form.
          name: 'chaos',
          include: ['test/chaos/**/*.chaos.spec.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/**/*.e2e.spec.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
