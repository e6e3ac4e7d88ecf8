import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
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
    const result = await client.query({ name: statementName(name, text), text, values: params });
    return result.rows as R[];
  }
  return ((await tx.execute(query)) as unknown as { rows: R[] }).rows;
}

/** The text each name was first prepared with, in this process. */
const textOfName = new Map<string, string>();

/**
 * The name, unless a different text already went under it: node-postgres refuses a name reused
 * for another text on a connection ("Prepared statements must be unique"), which a caller that
 * names statements by their shape could hit if its text ever varied within one shape.
 */
function statementName(name: string, text: string): string {
  const known = textOfName.get(name);
  if (known === undefined) textOfName.set(name, text);
  if (known === undefined || known === text) return name;
  return `${name}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
}
