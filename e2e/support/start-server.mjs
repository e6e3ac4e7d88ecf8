// The e2e web server (playwright.config.ts webServer.command): seeds the platform owner while
// no server holds the database, then starts `npm start`'s script, which runs the compiled server
// (apps/server/dist, rebuilt first when older than its sources). Playwright starts its web
// server before globalSetup, so seeding cannot live there.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');

const seed = spawnSync(
  process.execPath,
  [tsx, path.join(root, 'e2e/support/seed-platform-owner.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  },
);
if (seed.status !== 0) process.exit(seed.status ?? 1);

const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
// Playwright stops its web server with SIGTERM (gracefulShutdown): the server closes its database.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
