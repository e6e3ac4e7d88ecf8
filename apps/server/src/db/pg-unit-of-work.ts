import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db } from './client.ts';
import { numericText, NUMERIC_OID } from './numeric-text.ts';
import { isTransactionPooled } from './pool-mode.ts';
import {
  notifyStatement,
  render,
  toQuery,
  type RawRow,
  type Rendered,
  type Statement,
  type UnitOfWork,
} from './unit-of-work.ts';

/**
 * The unit of work over one pooled node-postgres connection (PostgreSQL). Drizzle runs on it
 * through its public `drizzle({ client })`, with a client of ours in front of the connection:
 * every statement passes through it, so the unit can
 * - send its opening statements (a request's session lookup and tenant scope) in the same
 *   message as the transaction's first statement, Drizzle's BEGIN (one round trip, not three);
 * - send several statements as one message (`together`), the last with the COMMIT
 *   (`lastAndCommit`), and refuse every statement after that;
 * - send the unit's NOTIFYs in the COMMIT's message, after it (ADR 0020: inside the
 *   transaction a NOTIFY held PostgreSQL's notify lock across the commit's WAL flush).
 * Drizzle's transaction sends BEGIN first and COMMIT or ROLLBACK last, as documented for
 * `db.transaction`; nothing here reads a field of Drizzle's or of pg's that is not public.
 */

/** Statements sent with the transaction's first statement, and who reads their answers. */
export interface Opening {
  /** Simple-protocol text (no parameters), sent after the first statement in its message. */
  text: string;
  /** A PREPARE the opening needs, sent before it in the same message once per connection. */
  prepare?: { name: string; text: string };
  /** The answers of the opening's statements, in order. */
  answered?: (results: pg.QueryResult[]) => void;
}

type Result = pg.QueryResult;
const NO_ROWS = { rows: [], fields: [], rowCount: null, command: '', oid: 0 } as unknown as Result;

const COMMITTED = 'This unit of work committed with its last statement: no more SQL';

/** The statements each connection has prepared (PREPARE survives ROLLBACK: per connection). */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

export class PgUnitOfWork implements UnitOfWork {
  db!: Db;
  /** Set when the connection's state is unknown: it is discarded, never reused. */
  broken: Error | undefined;
  private committedWithLast = false;
  /** The work failed after its last statement had committed (its error says so: runPgUnit). */
  failedAfterCommit = false;
  private notes: Array<{ channel: string; payload: string }> = [];
  private opening: Opening | undefined;
  /**
   * A read inside the transaction its opening began (transaction pooling, openPgRead): a
   * transaction the handler starts is a savepoint in it, never a COMMIT that would end the
   * scope and let the next statement run on another pooled connection.
   */
  inPooledRead = false;

  constructor(
    readonly connection: pg.PoolClient,
    opening?: Opening,
  ) {
    this.opening = opening;
  }

  /** The client Drizzle runs on: the connection, with the unit's additions to its messages. */
  readonly client = {
    query: (config: string | pg.QueryConfig, values?: unknown[]) =>
      this.drizzleQuery(config, values),
  };

  private async drizzleQuery(config: string | pg.QueryConfig, values?: unknown[]) {
    const text = typeof config === 'string' ? config : config.text;
    if (this.committedWithLast) {
      // Drizzle's transaction ends with its own COMMIT: the data is committed already.
      if (text === 'commit') return NO_ROWS;
      if (text === 'rollback') {
        this.failedAfterCommit = true;
        return NO_ROWS;
      }
      throw new Error(COMMITTED);
    }
    // The connection is discarded: a ROLLBACK could only replace the first error with its own.
    if (this.broken && text === 'rollback') return NO_ROWS;
    if (this.opening) return this.sendOpening(text, values);
    if (this.inPooledRead) {
      if (/^begin\b/i.test(text)) return this.connection.query('savepoint fitbase_read');
      if (text === 'commit') return this.connection.query('release savepoint fitbase_read');
      if (text === 'rollback') return this.connection.query('rollback to savepoint fitbase_read');
    }
    if (text === 'commit' || text === 'rollback') return this.finish(text);
    return this.connection.query(config as pg.QueryConfig, values as never[]);
  }

  /** The first statement (Drizzle's BEGIN), then the opening, in one message. */
  private async sendOpening(text: string, values?: unknown[]): Promise<Result> {
    const opening = this.opening!;
    this.opening = undefined;
    if (values && values.length > 0)
      throw new Error('A unit of work must start with a statement without parameters (BEGIN)');
    const known = preparedSet(this.connection);
    const prepare =
      opening.prepare && !known.has(opening.prepare.name) ? `${opening.prepare.text}; ` : '';
    let results: Result[];
    try {
      results = (await this.connection.query(
        `${prepare}${text}; ${opening.text}`,
      )) as unknown as Result[];
    } catch (error) {
      // The connection may be mid-transaction or half scoped: discard it, never reuse it.
      this.broken = error as Error;
      throw error;
    }
    if (opening.prepare) known.add(opening.prepare.name);
    const first = prepare ? 1 : 0;
    opening.answered?.(results.slice(first + 1));
    return results[first]!;
  }

  private async finish(statement: 'commit' | 'rollback'): Promise<Result> {
    const notifies = statement === 'commit' ? notifyStatement(this.notes.splice(0)) : '';
    try {
      const answer = await this.connection.query(notifies ? `commit; ${notifies}` : statement);
      return (Array.isArray(answer) ? answer[0] : answer) as Result;
    } catch (error) {
      this.broken = error as Error;
      throw error;
    }
  }

  /** Sends the PREPAREs `rendered` needs first (a message of their own), then the statements. */
  private async send(statements: Rendered[], suffix = ''): Promise<Result[]> {
    if (this.committedWithLast) throw new Error(COMMITTED);
    const known = preparedSet(this.connection);
    const prepares: string[] = [];
    for (const r of statements) {
      if (!r.prepare || known.has(r.prepare.name)) continue;
      known.add(r.prepare.name);
      prepares.push(r.prepare.text);
    }
    if (prepares.length > 0) {
      try {
        await this.connection.query(prepares.join('; '));
      } catch (error) {
        // Which of them exist now is unknown: the connection is discarded at the end.
        this.broken = error as Error;
        throw error;
      }
    }
    const answer = (await this.connection.query(
      statements.map((r) => r.text).join(';\n') + suffix,
    )) as Result | Result[];
    return Array.isArray(answer) ? answer : [answer];
  }

  async together(statements: Statement[]) {
    return (await this.send(statements.map(render))).map((r) => r.rows);
  }

  async lastAndCommit<R>(query: Statement, earlier: Statement[] = []): Promise<R[]> {
    const notifies = notifyStatement(this.notes.splice(0));
    const statements = [...earlier, query].map(render);
    const results = await this.send(statements, `; commit${notifies ? `; ${notifies}` : ''}`);
    this.committedWithLast = true;
    return results[statements.length - 1]!.rows as R[];
  }

  notify(channel: string, payload: string) {
    this.notes.push({ channel, payload });
  }

  async prepared<R>(name: string, query: SQL): Promise<R[]> {
    if (this.committedWithLast) throw new Error(COMMITTED);
    const { text, params } = toQuery(query);
    const result = await this.connection.query({
      name: statementName(name, text),
      text,
      values: params,
    });
    return result.rows as R[];
  }

  stream(query: SQL, onRow: (row: RawRow, columns: readonly string[]) => void) {
    return streamOn(this.connection, query, onRow);
  }

  async executeSql(text: string, values: unknown[] = []) {
    if (this.committedWithLast) throw new Error(COMMITTED);
    const result = await this.connection.query(text, values as never[]);
    return { rows: result.rows as unknown[] };
  }
}

function preparedSet(connection: pg.PoolClient): Set<string> {
  let known = preparedOn.get(connection);
  if (!known) preparedOn.set(connection, (known = new Set()));
  return known;
}

/**
 * `work` in a transaction on a connection of `pool`, with `opening` in BEGIN's message. The
 * connection goes back to the pool at the end, or is discarded when its state is unknown.
 */
export async function runPgUnit<T>(
  pool: pg.Pool,
  opening: Opening | undefined,
  work: (unit: PgUnitOfWork) => Promise<T>,
): Promise<T> {
  const connection = await pool.connect();
  const unit = new PgUnitOfWork(connection, opening);
  try {
    return await drizzle({ client: unit.client as unknown as pg.PoolClient }).transaction(
      async (tx) => {
        unit.db = tx as unknown as Db;
        return work(unit);
      },
    );
  } catch (error) {
    // Whoever logs the error (the request's error handler, a job's failure) must say that its
    // data was committed all the same: the unit committed with its last statement.
    if (unit.failedAfterCommit && error instanceof Error)
      Object.assign(error, { committedBeforeFailure: true });
    throw error;
  } finally {
    connection.release(unit.broken);
  }
}

/**
 * A unit WITHOUT a transaction (the read path: each statement its own snapshot, as under READ
 * COMMITTED anyway): the opening is sent as the first message, then `work` runs on Drizzle over
 * the connection. The caller releases it with `release()` (or lets `work` finish first).
 */
export async function openPgRead(
  pool: pg.Pool,
  opening: Opening,
): Promise<{ unit: PgUnitOfWork; release: () => void }> {
  const connection = await pool.connect();
  const unit = new PgUnitOfWork(connection);
  const known = preparedSet(connection);
  const prepare =
    opening.prepare && !known.has(opening.prepare.name) ? `${opening.prepare.text}; ` : '';
  try {
    const results = (await connection.query(`${prepare}${opening.text}`)) as unknown as Result[];
    if (opening.prepare) known.add(opening.prepare.name);
    opening.answered?.(results.slice(prepare ? 1 : 0));
  } catch (error) {
    connection.release(error as Error);
    throw error;
  }
  unit.db = drizzle({ client: unit.client as unknown as pg.PoolClient }) as unknown as Db;
  let released = false;
  // Under a transaction pooler the opening began a read-only transaction (studio-fast-path.ts):
  // it ends here, before the connection goes back (a read's ROLLBACK costs what COMMIT would).
  const pooled = isTransactionPooled();
  unit.inPooledRead = pooled;
  return {
    unit,
    release: () => {
      if (released) return;
      released = true;
      if (!pooled || unit.broken) return connection.release(unit.broken);
      connection.query('rollback').then(
        () => connection.release(),
        (error: Error) => connection.release(error),
      );
    },
  };
}

/** The text each prepared name was first used with, in this process. */
const textOfName = new Map<string, string>();

/**
 * The name, unless a different text already went under it: node-postgres refuses a name reused
 * for another text on a connection ("Prepared statements must be unique").
 */
function statementName(name: string, text: string): string {
  const known = textOfName.get(name);
  if (known === undefined) textOfName.set(name, text);
  if (known === undefined || known === text) return name;
  return `${name}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
}

// Every value stays the text PostgreSQL sent: the caller's query formats its own columns.
// Text as the server sends it, except amounts, written as everywhere else (db/numeric-text.ts).
const RAW_TEXT: pg.CustomTypesConfig = {
  getTypeParser: (oid: number) => (oid === NUMERIC_OID ? numericText : (value: string) => value),
} as pg.CustomTypesConfig;

/**
 * Streams `query`'s rows on `connection`: node-postgres otherwise collects the whole result
 * before returning it, so every row outlives a few young-generation collections and is promoted
 * (bench:export held the server 160-190 MB above its start). Here each row dies young.
 */
function streamOn(
  connection: pg.PoolClient,
  query: SQL,
  onRow: (row: RawRow, columns: readonly string[]) => void,
): Promise<number> {
  const { text, params } = toQuery(query);
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
    void connection.query(submitted);
  });
}
