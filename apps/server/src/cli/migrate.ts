import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { describeDatabase, loadCliConfig, withConfiguredDatabase } from './configured-database.ts';
import { EXIT_FAILURE, errorMessage } from './exit-codes.ts';

type Rows<T> = { rows: T[] };

/** How many migrations drizzle has recorded as applied (0 on a new database). */
async function appliedMigrations(db: Db): Promise<number> {
  // Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`.
  const table = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') as name`,
  )) as unknown as Rows<{
    name: string | null;
  }>;
  if (!table.rows[0]?.name) return 0;
  const counted = (await db.execute(
    sql`select count(*) as count from drizzle.__drizzle_migrations`,
  )) as unknown as Rows<{
    count: number | string;
  }>;
  return Number(counted.rows[0]?.count ?? 0);
}

/** `npm run db:migrate`: brings the configured database up to date and says what it did. */
async function main(): Promise<void> {
  const where = describeDatabase(loadCliConfig());
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
