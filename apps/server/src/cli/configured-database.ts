import { openConfiguredDatabase } from '../bootstrap.ts';
import type { Database } from '../db/client.ts';
import { loadConfig, type Config } from '../env.ts';

/** Exit codes shared by the command-line tools. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

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
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await hooks.beforeMigrate?.(database);
    await database.migrate();
    return await work(database, config);
  } finally {
    await database.close();
  }
}

/** An error's message and those of its causes (a failed query's cause is the database's reason). */
export function errorMessage(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join('\nCaused by: ');
}
