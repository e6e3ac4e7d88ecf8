import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/domain/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database; two cores run two files at a time.
    pool: 'forks',
    maxWorkers: 2,
  },
});
