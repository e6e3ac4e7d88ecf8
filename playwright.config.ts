import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { E2E_INBOUND_SMTP_PORT, E2E_SMTP_PORT } from './e2e/support/e2e-env';

// End-to-end suite: `npm test` builds the web app first, then Playwright starts `npm start`'s
// script on its own port with a fresh data folder, so every run begins with an empty database
// (PGlite by default; PostgreSQL when DATABASE_URL is set, as the CI's second run does).

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
const appUrl = `http://localhost:${port}`;
const tmpRoot = path.join(repoRoot, '.tmp');

// The config is evaluated by the runner and again by each worker; only the runner (no
// TEST_WORKER_INDEX) starts the server, so only it picks the data folder and tidies old ones.
const isRunner = process.env.TEST_WORKER_INDEX === undefined;
const dataDir = path.join(tmpRoot, `e2e-${Date.now()}-${process.pid}`);
if (isRunner) pruneOldDataDirs();

/** Data folders of earlier runs (a day old or more) are removed so `.tmp/` does not grow forever. */
function pruneOldDataDirs(): void {
  let names: string[];
  try {
    names = readdirSync(tmpRoot);
  } catch {
    return;
  }
  const cutoff = Date.now() - 24 * 60 * 60 * 1000;
  for (const name of names) {
    if (!name.startsWith('e2e-')) continue;
    const dir = path.join(tmpRoot, name);
    try {
      if (statSync(dir).mtimeMs < cutoff) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another process removed it, or it is not ours to remove: leave it.
    }
  }
}

const serverEnv: Record<string, string> = {
  PORT: String(port),
  APP_URL: appUrl,
  FITBASE_DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  // Not production (which demands HTTPS-only cookies).
  NODE_ENV: 'test',
  // The SMTP server of e2e/global-setup.ts, inside the test run: never a real mail server.
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  // The server's own inbound SMTP listener (two-way messaging): specs send replies to it.
  INBOUND_SMTP_PORT: String(E2E_INBOUND_SMTP_PORT),
  // Empty means PGlite: set, even empty, it also keeps a developer's `.env` from choosing a database.
  DATABASE_URL: process.env.DATABASE_URL ?? '',
  // No balancer watches /api/ready here: stop at once on SIGTERM (within gracefulShutdown's 10 s).
  SHUTDOWN_DRAIN_MS: '0',
};

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: appUrl,
    // No trace unless asked (E2E_TRACE=retain-on-failure): recording one for every test, to keep
    // only the failures', made each test about a fifth slower on CI's two cores (ADR 0044). A
    // failure still leaves its screenshot in test-results/.
    trace: (process.env.E2E_TRACE as 'off' | 'retain-on-failure' | 'on' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    // Seeds the platform owner (CLI set-platform-role) before the server holds the database.
    command: 'node e2e/support/start-server.mjs',
    cwd: repoRoot,
    url: `${appUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the server close its database cleanly before Playwright gives up on it.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: serverEnv,
  },
});
