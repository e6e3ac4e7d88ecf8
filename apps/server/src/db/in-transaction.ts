import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

/**
 * `work` in a transaction: the caller's own when `db` is one already (a studio request's), else
 * a new one. Drizzle would otherwise open a savepoint inside the request's transaction, two more
 * round trips, and the release one would fall in a sale's locked part (bench:billing).
 */
export function inTransaction<T>(db: Db | Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return work(db as Tx);
  return db.transaction(work);
}
