import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { createDeps, openConfiguredDatabase } from './bootstrap.ts';
import { REPO_ROOT, loadConfig, loadDotEnv } from './env.ts';

async function main() {
  loadDotEnv();
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const deps = createDeps(config, database);
  const { logger } = deps;
  await database.migrate();
  const app = createApp(deps, { webDistDir: path.join(REPO_ROOT, 'apps/web/dist') });
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    logger.info(
      {
        port: info.port,
        database: database.kind,
        dataDir: database.kind === 'pglite' ? config.dataDir : undefined,
      },
      `FitBase is serving ${config.appUrl} (database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
    );
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down');
    server.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
