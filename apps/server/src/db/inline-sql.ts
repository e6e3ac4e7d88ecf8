import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, Tx } from './client.ts';

/**
 * Statements for PostgreSQL's simple protocol, where several can travel in one message
 * (db/commit-with-last.ts, db/statements-together.ts). That protocol takes no parameters: each
 * placeholder becomes a quoted literal. A statement wrapped in `named()` runs as a server-side
 * prepared statement instead (SQL-level PREPARE once per connection, then EXECUTE with the
 * literals), so PostgreSQL parses and plans it once per connection rather than on every call:
 * for a hot write's statements, parsing and planning cost as much as running them
 * (bench:billing's sale). A statement's text must not contain `$` outside placeholders.
 */
export interface Named {
  name: string;
  query: SQL;
}

export type Statement = SQL | Named;

/** `query`, run as a prepared statement where it travels in a message. */
export function named(name: string, query: SQL): Named {
  return { name, query };
}

/** A statement as text; `prepare` is sent once per connection before any `text` using it. */
export interface Rendered {
  text: string;
  prepare?: { name: string; text: string };
}

export function isNamed(statement: Statement): statement is Named {
  return 'name' in statement && 'query' in statement;
}

export function queryOf(statement: Statement): SQL {
  return isNamed(statement) ? statement.query : statement;
}

export function render(tx: Db | Tx, statement: Statement): Rendered {
  const dialect = (tx as unknown as { dialect: PgDialect }).dialect;
  const { sql: text, params } = dialect.sqlToQuery(queryOf(statement));
  if (!isNamed(statement))
    return { text: text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1])) };
  // Named by its text too: a name can never stand for two texts on one connection.
  const name = `fb_${statement.name}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
  const args = params.length > 0 ? `(${params.map(literal).join(', ')})` : '';
  return { text: `execute ${name}${args}`, prepare: { name, text: `prepare ${name} as ${text}` } };
}

/** The PREPAREs `rendered` needs that `client` has not run yet (recorded as run). */
export function preparesFor(client: object, rendered: Rendered[]): string[] {
  let known = preparedOn.get(client);
  if (!known) preparedOn.set(client, (known = new Set()));
  const needed: string[] = [];
  for (const r of rendered) {
    if (!r.prepare || known.has(r.prepare.name)) continue;
    known.add(r.prepare.name);
    needed.push(r.prepare.text);
  }
  return needed;
}

/**
 * The statements each connection has prepared. PREPARE is not undone by a ROLLBACK, so a
 * statement stays prepared once its PREPARE succeeded; the caller sends PREPAREs as a message
 * of their own, before the statements, and a connection whose PREPARE failed is discarded.
 */
const preparedOn = new WeakMap<object, Set<string>>();

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
