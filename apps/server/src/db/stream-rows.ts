import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, Tx } from './client.ts';

/** One row as the server sent it: each column's text (or null), in the select's order. */
export type RawRow = ReadonlyArray<string | null>;

// Every value stays the text PostgreSQL sent: the caller's query formats its own columns, and
// parsing (dates, numbers) would only make objects it then has to turn back into text.
const RAW_TEXT: pg.CustomTypesConfig = { getTypeParser: () => (value: string) => value };

/**
 * Runs `query` on `tx`'s own connection (so inside its transaction, with its role and settings)
 * and hands each row to `onRow` as it arrives, with the column names; resolves with the number
 * of rows, or with null on PGlite, where the caller reads the rows as usual instead.
 *
 * For large reads: node-postgres otherwise collects the whole result in `result.rows` before
 * returning it, so every row of it outlives a few young-generation collections while the rest
 * arrives and is promoted to the old generation, which only a full collection frees. On
 * bench:export that held the server's memory 160-190 MB above its start. Here no one keeps
 * a row once `onRow` returns, so each one dies young.
 */
export function streamRows(
  tx: Db | Tx,
  query: SQL,
  onRow: (row: RawRow, columns: readonly string[]) => void,
): Promise<number> | null {
  const internals = tx as unknown as { dialect: PgDialect; session: { client?: unknown } };
  const client = internals.session.client;
  // A pool would run the query on any of its connections, outside the transaction.
  if (!(client instanceof pg.Client)) return null;
  const { sql: text, params } = internals.dialect.sqlToQuery(query);
  return new Promise<number>((resolve, reject) => {
    const submitted = new pg.Query({
      text,
      values: params,
      rowMode: 'array',
      types: RAW_TEXT,
    } as pg.QueryConfig);
    let rows = 0;
    let columns: string[] | undefined;
    // Thrown inside the listener it would escape into node-postgres's socket handler: kept
    // until the server has finished the query (the connection stays usable), then rejected.
    let failed: { error: unknown } | undefined;
    submitted.on('row', (row: RawRow, result?: pg.ResultBuilder) => {
      if (failed) return;
      try {
        columns ??= result!.fields.map((field) => field.name);
        onRow(row, columns);
        rows++;
      } catch (error) {
        failed = { error };
      }
    });
    submitted.on('error', reject);
    submitted.on('end', () => (failed ? reject(failed.error) : resolve(rows)));
    client.query(submitted);
  });
}
