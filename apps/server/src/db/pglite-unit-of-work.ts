import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Db } from './client.ts';
import { notifyStatement, queryOf, type Statement, type UnitOfWork } from './unit-of-work.ts';

/**
 * The unit of work on the embedded database: PGlite's own transaction, with Drizzle over it
 * through the public `drizzle({ client })`. PGlite is one connection inside this process, so
 * nothing travels: statements run one after another with the same answers as on PostgreSQL,
 * the NOTIFYs go out with the COMMIT (PGlite delivers them then), nothing streams.
 */
class PgliteUnitOfWork implements UnitOfWork {
  notes: Array<{ channel: string; payload: string }> = [];

  constructor(
    readonly db: Db,
    private readonly transaction: Transaction,
  ) {}

  async together(statements: Statement[]) {
    const results: Record<string, unknown>[][] = [];
    for (const statement of statements) results.push(await this.rows(queryOf(statement)));
    return results;
  }

  async lastAndCommit<R>(query: Statement, earlier: Statement[] = []): Promise<R[]> {
    for (const statement of earlier) await this.db.execute(queryOf(statement));
    return (await this.rows(queryOf(query))) as R[];
  }

  notify(channel: string, payload: string) {
    this.notes.push({ channel, payload });
  }

  async prepared<R>(_name: string, query: SQL): Promise<R[]> {
    return (await this.rows(query)) as R[];
  }

  stream() {
    return null;
  }

  async executeSql(text: string, values: unknown[] = []) {
    const result = await this.transaction.query(text, values as never[]);
    return { rows: result.rows as unknown[] };
  }

  private async rows(query: SQL): Promise<Record<string, unknown>[]> {
    const result = (await this.db.execute(query)) as { rows: Record<string, unknown>[] };
    return result.rows;
  }
}

/**
 * `work` in a PGlite transaction, after `opening` (the tenant scope). Drizzle's transaction on
 * a client that is already one runs its callback as it is: the client's `transaction` is
 * PGlite's own, already open, and savepoints nest inside it as usual.
 */
export function runPgliteUnit<T>(
  client: PGlite,
  opening: SQL | undefined,
  work: (unit: UnitOfWork) => Promise<T>,
): Promise<T> {
  return client.transaction(async (transaction) => {
    const inside = {
      query: transaction.query.bind(transaction),
      exec: transaction.exec.bind(transaction),
      transaction: <R>(fn: (tx: unknown) => Promise<R>) => fn(inside),
    };
    return drizzle({ client: inside as unknown as PGlite }).transaction(async (tx) => {
      const unit = new PgliteUnitOfWork(tx as unknown as Db, transaction);
      if (opening) await tx.execute(opening);
      const result = await work(unit);
      const notifies = notifyStatement(unit.notes.splice(0));
      if (notifies) await tx.execute(sql.raw(notifies));
      return result;
    });
  });
}
