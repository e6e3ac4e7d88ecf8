/**
 * The platform owner of the end-to-end run. e2e/support/seed-platform-owner.ts (run by start-server.mjs) creates this account
 * before the server starts and makes it owner with `npm run cli -- set-platform-role`, the
 * documented way (docs/product/accounts.md#platform-roles-from-the-command-line): the embedded
 * database admits one process, so this cannot happen while the server runs, and no HTTP backdoor
 * exists.
 */
export const PLATFORM_OWNER = {
  fullName: 'Pat Platform',
  email: 'platform-owner@example.com',
  password: 'Deadlift-Owner-77',
} as const;

/** Port of the e2e web server (playwright.config.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * SMTP port of the run: playwright.config.ts points the server at it, global setup listens on
 * it. 2525 by default; derived from E2E_PORT otherwise, so runs on different ports never collide.
 */
export const E2E_SMTP_PORT = Number(
  process.env.E2E_SMTP_PORT ?? (process.env.E2E_PORT ? E2E_PORT + 20_000 : 2525),
);

/**
 * Port of the server's inbound SMTP listener (two-way messaging) in the run: derived from
 * E2E_PORT like the SMTP port, so parallel runs never collide.
 */
export const E2E_INBOUND_SMTP_PORT = Number(
  process.env.E2E_INBOUND_SMTP_PORT ?? (process.env.E2E_PORT ? E2E_PORT + 21_000 : 2526),
);
