import type { Context } from 'hono';
import { NodePgDatabase } from 'drizzle-orm/node-postgres/driver';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import pg from 'pg';
import type { Db } from '../db/client.ts';
import { deferNotifications, notifySql } from '../db/deferred-notify.ts';
import type { AppEnv } from '../http/types.ts';
import {
  REQUEST_CONTEXT_SESSION_SQL,
  REQUEST_CONTEXT_SQL,
  toRequestContext,
  type RequestContextRow,
} from './context.queries.ts';
import { TENANT_ROLE } from './run-in-studio.ts';

/**
 * PostgreSQL's fast path for studio requests (docs/decisions/0011-one-round-trip-sessions.md):
 * BEGIN, the session/user/membership lookup (which also sets `app.organization_id`) and
 * `SET LOCAL ROLE` travel as ONE simple-protocol message, so a studio read costs three round
 * trips (that, the query, COMMIT) instead of five. The simple protocol takes no parameters:
 * the token and the requested organization are quoted with pg's escapeLiteral (and the
 * organization is a validated uuid already).
 */
export interface StudioTransaction {
  context: RequestContextRow | null;
  tx: Db;
  commit: () => Promise<void>;
  /** COMMIT without waiting for it: for reads only, where a failed COMMIT loses nothing. */
  commitInBackground: () => void;
  rollback: () => Promise<void>;
}

/** The request-context lookup's prepared statement, by connection. */
const LOOKUP_STATEMENT = 'fitbase_request_context';
const preparedOn = new WeakSet<pg.PoolClient>();

export async function beginStudioTransaction(
  pool: pg.Pool,
  db: Db,
  token: string,
  requestedOrganizationId: string | null,
): Promise<StudioTransaction> {
  const client = await pool.connect();
  const args = `${pg.escapeLiteral(token)}, ${
    requestedOrganizationId === null ? 'null' : pg.escapeLiteral(requestedOrganizationId)
  }`;
  // The lookup is a server-side prepared statement on each pooled connection: every studio
  // request runs it, and parsing and planning it each time cost more than executing it.
  const prepare = preparedOn.has(client)
    ? ''
    : `prepare ${LOOKUP_STATEMENT}(text, uuid) as ${REQUEST_CONTEXT_SQL}; `;
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  let results: pg.QueryResult[];
  try {
    results = (await client.query(
      `${prepare}begin; execute ${LOOKUP_STATEMENT}(${args}); select set_config('role', '${TENANT_ROLE}', true)`,
    )) as unknown as pg.QueryResult[];
    preparedOn.add(client);
  } catch (error) {
    // The connection may be mid-transaction: discard it rather than return it to the pool.
    release(error as Error);
    throw error;
  }
  if (prepare) results = results.slice(1);
  const internals = db as unknown as { dialect: never; session: { schema: never; options: never } };
  const session = new NodePgSession(
    client,
    internals.dialect,
    internals.session.schema,
    internals.session.options,
  );
  const tx = new NodePgTransaction(internals.dialect, session, internals.session.schema);
  deferNotifications(tx as unknown as Db);
  const finish = async (statement: 'commit' | 'rollback') => {
    // A failed COMMIT already discarded the connection: there is nothing left to roll back.
    if (released) return;
    // The request's NOTIFYs go in the COMMIT's message (db/deferred-notify.ts).
    const notifies = notifySql(tx as unknown as Db);
    try {
      await client.query(statement === 'commit' ? `${notifies}commit` : statement);
      release();
    } catch (error) {
      release(error as Error);
      throw error;
    }
  };
  return {
    context: toRequestContext(results[1]?.rows[0]),
    tx: tx as unknown as Db,
    commit: () => finish('commit'),
    commitInBackground: () => {
      // The connection goes back to the pool only once COMMIT is done (or failed).
      void finish('commit').catch(() => undefined);
    },
    rollback: () => finish('rollback'),
  };
}

/** The read path's lookup, prepared once per read connection. */
const READ_LOOKUP_STATEMENT = 'fitbase_request_context_read';

/**
 * A studio READ (GET) in two round trips instead of three: on a connection of the read pool,
 * which serves nothing else and is read-only (`default_transaction_read_only`), the role and
 * the lookup's `app.organization_id` are set for the session, so the handler's statements run
 * outside a transaction block with row-level security scoped as in a transaction, and there is
 * no COMMIT to wait for. Under READ COMMITTED a transaction gave a read no more than this: each
 * statement has its own snapshot either way. Every use starts by resetting the role and the
 * scope, and a connection whose first message failed is discarded, so no scope outlives its
 * request. A write attempted on this path fails loudly (read-only).
 */
export async function beginStudioRead(
  readPool: pg.Pool,
  db: Db,
  token: string,
  requestedOrganizationId: string | null,
): Promise<StudioTransaction> {
  const client = await readPool.connect();
  const args = `${pg.escapeLiteral(token)}, ${
    requestedOrganizationId === null ? 'null' : pg.escapeLiteral(requestedOrganizationId)
  }`;
  const prepare = readPreparedOn.has(client)
    ? ''
    : `set default_transaction_read_only = on; prepare ${READ_LOOKUP_STATEMENT}(text, uuid) as ${REQUEST_CONTEXT_SESSION_SQL}; `;
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  let results: pg.QueryResult[];
  try {
    results = (await client.query(
      `${prepare}reset role; reset app.organization_id; execute ${READ_LOOKUP_STATEMENT}(${args}); select set_config('role', '${TENANT_ROLE}', false)`,
    )) as unknown as pg.QueryResult[];
    readPreparedOn.add(client);
  } catch (error) {
    release(error as Error);
    throw error;
  }
  const internals = db as unknown as { dialect: never; session: { schema: never; options: never } };
  const session = new NodePgSession(
    client,
    internals.dialect,
    internals.session.schema,
    internals.session.options,
  );
  const handle = new NodePgDatabase(internals.dialect, session, internals.session.schema);
  const done = async () => release();
  return {
    context: toRequestContext(results.at(-2)?.rows[0]),
    tx: handle as unknown as Db,
    commit: done,
    commitInBackground: () => release(),
    rollback: done,
  };
}

const readPreparedOn = new WeakSet<pg.PoolClient>();

/** Whether this request can take the fast path: PostgreSQL, a studio route that wants a transaction. */
export function fastPathPool(c: Context<AppEnv>): pg.Pool | undefined {
  return c.get('deps').database.pool;
}
