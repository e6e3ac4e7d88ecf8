import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each server file opens its own database; two cores run two files at a time.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/domain/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // A worker keeps the modules it imported from one file to the next: evaluating the
          // whole app again for each of ~170 files cost half of this project's time (ADR 0044).
          // Server tests mock no module and keep their state on the app each file creates.
          isolate: false,
        },
      },
      {
        // Browser code: jsdom, the web app's '@/' alias, and no database.
        extends: true,
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
