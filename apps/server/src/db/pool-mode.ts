import pg from 'pg';

/**
 * Transaction pooling (PgBouncer pool_mode=transaction; docs/decisions/0036): DATABASE_URL is a
 * pooler that gives each TRANSACTION a server connection, maybe another one each time. Then
 * nothing may outlive a transaction on a connection: no session-level settings (the read
 * path's role and scope), no named prepared statements (SQL PREPARE or the protocol's named
 * ones), no LISTEN, no session advisory lock. Set once per process, when DATABASE_DIRECT_URL is
 * configured (db/client.ts), until that database closes; off, every path is as before.
 */
// Counted, not a flag: a test worker opens and closes many databases, some through a pooler.
let pooledDatabases = 0;

/** A database behind a transaction pooler was opened (`true`) or closed (`false`). */
export function setTransactionPooling(opened: boolean): void {
  pooledDatabases = Math.max(0, pooledDatabases + (opened ? 1 : -1));
}

export function isTransactionPooled(): boolean {
  return pooledDatabases > 0;
}

/**
 * What the `options` startup parameter sets on a direct connection (db/client.ts
 * SESSION_OPTIONS), as transaction-local settings: a pooler refuses that parameter. Added to
 * the studio, member and API-key openings; ALTER DATABASE ... SET covers the rest (operations).
 */
export const POOLED_SETTINGS =
  "set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)";

/**
 * `sqlText` with its `$n` placeholders replaced by the literals `args` (SQL text already,
 * quoted with pg's escapeLiteral) cast to `types`: the statement a PREPARE would have named,
 * sent as it is (parsed on each use).
 */
export function inlineStatement(sqlText: string, types: string[], args: string[]): string {
  return sqlText.replace(/\$(\d+)/g, (_, n: string) => {
    const i = Number(n) - 1;
    if (args[i] === undefined) throw new Error(`No argument for $${n}`);
    return `(${args[i]})::${types[i]}`;
  });
}

/**
 * node-postgres's client without named statements: a query with a `name` (Drizzle's
 * `.prepare('x')`, the job queue's named texts, the unit's `prepared`) is sent unnamed, since
 * the next transaction may run on a server connection that never saw the name.
 */
export class UnnamedStatementsClient extends pg.Client {
  override query(...args: unknown[]): never {
    const config = args[0] as (pg.QueryConfig & { submit?: unknown }) | string | undefined;
    // Plain configs only: a submittable (pg.Query, a cursor) keeps its prototype.
    if (typeof config === 'object' && config?.name && typeof config.submit !== 'function') {
      const copy = { ...config };
      delete copy.name;
      args[0] = copy;
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}
