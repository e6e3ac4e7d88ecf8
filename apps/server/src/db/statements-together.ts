import type { Db, Tx } from './client.ts';
import { queryOf, render, type Rendered, type Statement } from './inline-sql.ts';

/**
 * Several statements of a request's transaction sent in ONE message, their rows returned in
 * order: one round trip instead of one each. Each statement still has its own snapshot (READ
 * COMMITTED takes one per statement of a message too), so a statement after a lock sees what
 * the lock's previous holder committed; the first error stops the rest and fails the
 * transaction as usual. Every round trip of a hot write costs the server CPU and a wake-up on
 * both sides, while the transaction waits idle (bench:billing's point-of-sale sale:
 * docs/decisions/0020-generic-plans-and-notify-after-commit.md).
 *
 * Only the studio fast path's transactions can (context/studio-fast-path.ts attaches the hook);
 * elsewhere (PGlite, jobs) the statements run one after another, with the same result.
 * Parameters become literals, or a `named()` statement runs prepared (db/inline-sql.ts); columns
 * come back under their SQL names, as `tx.execute` returns them.
 */
const HOOK = Symbol('statements in one message');

type Hook = (statements: Rendered[]) => Promise<Record<string, unknown>[][]>;
type Carrier = { [HOOK]?: Hook };

/** Lets `tx` send several statements in one message (the fast path's transactions). */
export function allowStatementsTogether(tx: Db | Tx, hook: Hook): void {
  (tx as unknown as Carrier)[HOOK] = hook;
}

/** The rows of each statement, run in order in `tx`. */
export async function executeTogether(
  tx: Db | Tx,
  statements: Statement[],
): Promise<Record<string, unknown>[][]> {
  const hook = (tx as unknown as Carrier)[HOOK];
  if (hook) return hook(statements.map((s) => render(tx, s)));
  const results: Record<string, unknown>[][] = [];
  for (const statement of statements) {
    const answer = (await tx.execute(queryOf(statement))) as unknown as {
      rows: Record<string, unknown>[];
    };
    results.push(answer.rows);
  }
  return results;
}
