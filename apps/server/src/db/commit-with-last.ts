import type { Db, Tx } from './client.ts';
import { queryOf, render, type Rendered, type Statement } from './inline-sql.ts';

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
 * it and the COMMIT. Its parameters become quoted literals, or it runs prepared (db/inline-sql.ts).
 */
const HOOK = Symbol('commit with the last statement');

/** Sends the statements and the COMMIT; answers the rows of the last statement. */
type Hook = (statements: Rendered[]) => Promise<Record<string, unknown>[]>;
type Carrier = { [HOOK]?: Hook };

/** Lets `tx` send its last statement with the COMMIT (the fast path's transactions). */
export function allowCommitWithLast(tx: Db | Tx, hook: Hook): void {
  (tx as unknown as Carrier)[HOOK] = hook;
}

/**
 * Rows of `query`; committed with it when `tx` allows, else by the caller's transaction.
 * `earlier` are statements without an answer the request needs (e.g. a sale's ledger row,
 * payments' prepareCharge) sent in the same message just before it: one round trip fewer.
 */
export async function executeLastAndCommit<R>(
  tx: Db | Tx,
  query: Statement,
  earlier: Statement[] = [],
): Promise<R[]> {
  const hook = (tx as unknown as Carrier)[HOOK];
  if (!hook) {
    for (const statement of earlier) await tx.execute(queryOf(statement));
    return ((await tx.execute(queryOf(query))) as unknown as { rows: R[] }).rows;
  }
  return (await hook([...earlier, query].map((s) => render(tx, s)))) as R[];
}
