import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, Tx } from './client.ts';

/**
 * Runs `query` as a named prepared statement on PostgreSQL, so the server parses and plans it
 * once per connection rather than on every call. For the hottest reads only: on the week view,
 * parsing and planning were a quarter of the database's time per request (bench:schedule). The
 * text must not vary between calls of one name (optional filters go in as null parameters).
 * PGlite, one connection in this process, runs it as a plain statement.
 */
export async function executePrepared<R>(tx: Db | Tx, name: string, query: SQL): Promise<R[]> {
  const internals = tx as unknown as { dialect: PgDialect; session: { client?: unknown } };
  const client = internals.session.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const { sql: text, params } = internals.dialect.sqlToQuery(query);
    const result = await client.query({ name, text, values: params });
    return result.rows as R[];
  }
  return ((await tx.execute(query)) as unknown as { rows: R[] }).rows;
}
