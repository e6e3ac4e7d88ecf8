import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loadConfig } from '../env.ts';
import { EXIT_FAILURE, describeDatabase, errorMessage, withConfiguredDatabase } from './configured-database.ts';

/** How many migrations drizzle has recorded as applied (0 on a new database). */
async function appliedMigrations(db: Db): Promise<number> {
  // Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`.
  const result = (await db.execute(
    sql`select case when to_regclass('drizzle.__drizzle_migrations') is null then 0
        else (select count(*) from drizzle.__drizzle_migrations) end as count`,
  )) as unknown as { rows: Array<{ count: number | string }> };
  return Number(result.rows[0]?.count ?? 0);
}

/** `npm run db:migrate`: brings the configured database up to date and says what it did. */
async function main(): Promise<void> {
  const where = describeDatabase(loadConfig());
  let before = 0;
  const after = await withConfiguredDatabase(async (database) => appliedMigrations(database.db), {
    beforeMigrate: async (database) => {
      before = await appliedMigrations(database.db);
    },
  });
  const applied = after - before;
  console.log(
    applied > 0
      ? `Applied ${applied} migration${applied === 1 ? '' : 's'} to ${where} (${after} in total).`
      : `${where[0]?.toUpperCase()}${where.slice(1)} is up to date (${after} migrations applied).`,
  );
}

main().catch((error: unknown) => {
  console.error(`Error: ${errorMessage(error)}`);
  process.exitCode = EXIT_FAILURE;
});
