import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from './client.ts';

/**
 * The one way to read a raw read model's rows (the module's `*.sql.ts` files): each row is
 * checked against `schema`, so a column renamed in the SQL fails here, by name, not
 * as an `undefined` three calls later. Columns come back under their SQL names, as PostgreSQL
 * sent them (numeric and bigint as text, timestamps as text).
 */
export async function rows<S extends z.ZodType>(
  db: Db | Tx,
  schema: S,
  query: SQL,
): Promise<Array<z.output<S>>> {
  return z.array(schema).parse(await rawRows(db, query));
}

/** The first row, or null when there is none. */
export async function firstRow<S extends z.ZodType>(
  db: Db | Tx,
  schema: S,
  query: SQL,
): Promise<z.output<S> | null> {
  const [row] = await rawRows(db, query);
  return row === undefined ? null : schema.parse(row);
}

// Both drivers answer `execute` with node-postgres's result shape ({ rows, fields, ... }).
async function rawRows(db: Db | Tx, query: SQL): Promise<unknown[]> {
  const result = (await db.execute(query)) as { rows: unknown[] };
  return result.rows;
}
