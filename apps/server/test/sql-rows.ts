import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../src/db/client.ts';

/**
 * A test's own look at the database: the rows of `query` typed by the test and not checked
 * (the test's assertions check them). Application code reads raw rows through db/rows.ts,
 * checked against a schema.
 */
export async function sqlRows<T = Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
