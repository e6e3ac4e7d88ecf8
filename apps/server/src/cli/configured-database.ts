import { openConfiguredDatabase } from '../bootstrap.ts';
import type { Database } from '../db/client.ts';
import { loadConfig, loadDotEnv, type Config } from '../env.ts';

/** The configuration the server would use: `.env` at the repository root, then the environment. */
export function loadCliConfig(): Config {
  loadDotEnv();
  return loadConfig();
}

/** Where the command works, in words a person recognises. */
export function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `the embedded database in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL database "${url.pathname.replace(/^\//, '') || 'postgres'}" on ${url.hostname}${url.port ? `:${url.port}` : ''}`;
}

/**
 * Opens the database the configuration selects (PostgreSQL if DATABASE_URL, else the
 * embedded one, which refuses to open while a server holds it), brings it up to date,
 * runs `work` and always closes it.
 */
export async function withConfiguredDatabase<T>(
  work: (database: Database, config: Config) => Promise<T>,
  hooks: { beforeMigrate?: (database: Database) => Promise<void> } = {},
): Promise<T> {
  const config = loadCliConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await hooks.beforeMigrate?.(database);
    await database.migrate();
    return await work(database, config);
  } finally {
    await database.close();
  }
}
