import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, Tx } from './client.ts';

/**
 * A request transaction's LAST statement sent together with its COMMIT, in one message: for a
 * statement that takes row locks every request of a studio queues on (a sale's product and
 * order-number rows), so the locks last as long as PostgreSQL's own work and not one round trip
 * more to a busy server and back (docs/decisions/0020-generic-plans-and-notify-after-commit.md).
 *
 * Only the studio fast path's transactions can do it (context/studio-fast-path.ts attaches the
 * hook); elsewhere the statement runs as usual and the caller's transaction commits later.
 * Nothing may write, or fail, after it: the request's data is committed when it returns, and the
 * request's handle then refuses any statement (the connection is outside the transaction). The
 * statement must refuse everything the request would refuse (raise), since no code runs between
 * it and the COMMIT. Its parameters become quoted literals (the simple protocol takes none), so
 * its text must not contain `$` outside placeholders.
 */
const HOOK = Symbol('commit with the last statement');

type Hook = (text: string) => Promise<Record<string, unknown>[]>;
type Carrier = { [HOOK]?: Hook };

/** Lets `tx` send its last statement with the COMMIT (the fast path's transactions). */
export function allowCommitWithLast(tx: Db | Tx, hook: Hook): void {
  (tx as unknown as Carrier)[HOOK] = hook;
}

/** A parameter as a literal of the simple protocol. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Cannot inline the number ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  throw new Error(`Cannot inline a parameter of type ${typeof value}`);
}

/** Rows of `query`; committed with it when `tx` allows, else by the caller's transaction. */
export async function executeLastAndCommit<R>(tx: Db | Tx, query: SQL): Promise<R[]> {
  const hook = (tx as unknown as Carrier)[HOOK];
  if (!hook) return ((await tx.execute(query)) as unknown as { rows: R[] }).rows;
  const dialect = (tx as unknown as { dialect: PgDialect }).dialect;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
  return (await hook(inlined)) as R[];
}
