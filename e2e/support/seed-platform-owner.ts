// Run by start-server.mjs before the e2e server starts (the embedded database admits one
// process): creates the platform owner's account if missing, then makes it owner with the
// documented CLI, exactly as a person setting up FitBase would.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDeps, openConfiguredDatabase } from '../../apps/server/src/bootstrap.ts';
import { loadConfig, loadDotEnv } from '../../apps/server/src/env.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import { findUserByEmail } from '../../apps/server/src/modules/platform-users/platform-users.queries.ts';
import { PLATFORM_OWNER } from './e2e-env.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function createAccount(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const deps = createDeps(config, database, {
      logger: createLogger('warn'),
      mailer: { send: async () => {} },
    });
    // PostgreSQL runs may reuse a database: the account then already exists.
    if (await findUserByEmail(database.db, PLATFORM_OWNER.email)) return;
    await deps.auth.api.signUpEmail({
      body: {
        email: PLATFORM_OWNER.email,
        password: PLATFORM_OWNER.password,
        name: PLATFORM_OWNER.fullName,
      },
    });
  } finally {
    await database.close();
  }
}

await createAccount();
const cli = spawnSync(
  'npm',
  ['run', '--silent', 'cli', '--', 'set-platform-role', PLATFORM_OWNER.email, 'owner'],
  {
    cwd: repoRoot,
    stdio: 'inherit',
    env: process.env,
  },
);
if (cli.status !== 0) {
  console.error(`set-platform-role failed (${cli.status ?? cli.signal})`);
  process.exit(1);
}
