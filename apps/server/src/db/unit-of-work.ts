import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db } from './client.ts';
import { isTransactionPooled } from './pool-mode.ts';

/**
 * The one way to the database (docs/decisions/0024-unit-of-work.md): a transaction on one
 * connection, which a request, a job or a script opens and every service of it shares. Builder
 * queries go through `db` (Drizzle, in the unit's transaction); the rest are the unit's own
 * methods, so a service never needs to know which database or which path runs it. Two
 * implementations: over a pooled `pg` connection (db/pg-unit-of-work.ts: statements together in
 * one message, the last one with the COMMIT, NOTIFYs after it, streamed and prepared reads) and
 * over PGlite (db/pglite-unit-of-work.ts: the same answers, one statement at a time).
 */
export interface UnitOfWork {
  /** Drizzle over this unit's connection, inside its transaction (savepoints nest in it). */
  readonly db: Db;
  /** The rows of each statement, in order (one message where the connection allows). */
  together(statements: Statement[]): Promise<Record<string, unknown>[][]>;
  /**
   * The rows of `query`, sent with the COMMIT where the connection allows: for a statement that
   * takes row locks every request of a studio queues on (a sale's product and order-number
   * rows), so those locks last as long as PostgreSQL's own work and not one round trip more.
   * Nothing may write, or fail, after it: the unit refuses any later statement when it committed
   * with it, so the statement itself must refuse (raise) everything the request would refuse.
   * `earlier` are statements whose answer nobody needs, sent in the same message before it.
   */
  lastAndCommit<R>(query: Statement, earlier?: Statement[]): Promise<R[]>;
  /** A NOTIFY sent once the unit has committed (never when it rolls back). */
  notify(channel: string, payload: string): void;
  /** Runs `query` as a server-side prepared statement where the connection keeps them. */
  prepared<R>(name: string, query: SQL): Promise<R[]>;
  /**
   * Hands each row of `query` to `onRow` as it arrives (columns as the server's text), resolving
   * with the number of rows; null where rows cannot be streamed (the caller reads them as usual).
   */
  stream(
    query: SQL,
    onRow: (row: RawRow, columns: readonly string[]) => void,
  ): Promise<number> | null;
  /** A statement as text with `$n` parameters, for libraries that write their own SQL: the shape of pg-boss's documented `db` option, so a job is enqueued in the unit. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** One row as the server sent it: each column's text (or null), in the select's order. */
export type RawRow = ReadonlyArray<string | null>;

/** `query`, to run as a prepared statement where it travels in a message. */
export interface Named {
  name: string;
  query: SQL;
}

export type Statement = SQL | Named;

export function named(name: string, query: SQL): Named {
  return { name, query };
}

export function isNamed(statement: Statement): statement is Named {
  return 'name' in statement && 'query' in statement;
}

export function queryOf(statement: Statement): SQL {
  return isNamed(statement) ? statement.query : statement;
}

// Drizzle's public dialect renders a `sql` template to text and parameters; the app uses no
// casing option, so it renders exactly as the handles do.
const dialect = new PgDialect();

/** `query` as text with `$n` placeholders and their values. */
export function toQuery(query: SQL): { text: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}

/** A statement as text of the simple protocol; `prepare` is sent once per connection first. */
export interface Rendered {
  text: string;
  prepare?: { name: string; text: string };
}

/**
 * A statement for PostgreSQL's simple protocol, where several travel in one message but none
 * takes parameters: each placeholder becomes a quoted literal, or a `named()` statement becomes
 * EXECUTE of a PREPARE sent once per connection (parsed and planned once, not on every call).
 * A statement's text must not contain `$` outside placeholders.
 */
export function render(statement: Statement): Rendered {
  const { text, params } = toQuery(queryOf(statement));
  // Under a transaction pooler nothing is PREPAREd: the next transaction may run elsewhere.
  if (!isNamed(statement) || isTransactionPooled())
    return { text: text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1])) };
  // Named by its text too: a name can never stand for two texts on one connection.
  const name = `fb_${statement.name}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
  const args = params.length > 0 ? `(${params.map(literal).join(', ')})` : '';
  return { text: `execute ${name}${args}`, prepare: { name, text: `prepare ${name} as ${text}` } };
}

/** A parameter as a literal of the simple protocol. */
export function literal(value: unknown): string {
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

/** The buffered NOTIFYs as one statement ('' when none), through fitbase_notify (migration 0026). */
export function notifyStatement(notes: Array<{ channel: string; payload: string }>): string {
  if (notes.length === 0) return '';
  const array = (values: string[]) =>
    `array[${values.map((v) => pg.escapeLiteral(v)).join(', ')}]::text[]`;
  return `select fitbase_notify(${array(notes.map((n) => n.channel))}, ${array(notes.map((n) => n.payload))})`;
}
