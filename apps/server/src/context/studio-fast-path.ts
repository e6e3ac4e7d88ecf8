import type { Context } from 'hono';
import { NodePgDatabase } from 'drizzle-orm/node-postgres/driver';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import pg from 'pg';
import type { Db } from '../db/client.ts';
import { allowCommitWithLast } from '../db/commit-with-last.ts';
import { deferNotifications, notifySql } from '../db/deferred-notify.ts';
import { preparesFor, type Rendered } from '../db/inline-sql.ts';
import { allowStatementsTogether } from '../db/statements-together.ts';
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

/** How a request's first message looks on one of the two paths. */
interface LookupPlan {
  /** The lookup's prepared statement, and the connections that have it. */
  statement: string;
  sql: string;
  prepared: WeakSet<pg.PoolClient>;
  /** Sent once per connection, before the PREPARE. */
  setup: string;
  before: string;
  /** Sets the role, and on the write path the caller's address for the audit log. */
  after: (clientIp: string) => string;
}

const IN_TRANSACTION: LookupPlan = {
  statement: 'fitbase_request_context',
  sql: REQUEST_CONTEXT_SQL,
  prepared: new WeakSet(),
  setup: '',
  before: 'begin; ',
  // plan_cache_mode: the write path's named statements (the booking's locks, the member, ...)
  // are keyed lookups whose generic plan is the custom one, but PostgreSQL's cost comparison
  // kept re-planning them on every execution (0.6 ms of a booking's session lock). Only here,
  // transaction-local: forced on the whole pool it also reached the job queue's and the CSV
  // import's statements, and one of those plans made bench:import 7x slower (ADR 0020).
  after: (clientIp) =>
    `; select set_config('role', '${TENANT_ROLE}', true), set_config('app.client_ip', ${pg.escapeLiteral(clientIp)}, true), set_config('plan_cache_mode', 'force_generic_plan', true)`,
};

const READ_ONLY: LookupPlan = {
  statement: 'fitbase_request_context_read',
  sql: REQUEST_CONTEXT_SESSION_SQL,
  prepared: new WeakSet(),
  setup: 'set default_transaction_read_only = on; ',
  before: 'reset role; reset app.organization_id; reset app.user_id; ',
  after: () => `; select set_config('role', '${TENANT_ROLE}', false)`,
};

/**
 * A pooled connection and the request's first message on it. The lookup is a server-side
 * prepared statement on each connection: every studio request runs it, and parsing and
 * planning it each time cost more than executing it (docs/decisions/0015-hot-paths-fewer-round-trips.md).
 */
async function openWithLookup(
  pool: pg.Pool,
  db: Db,
  token: string,
  requestedOrganizationId: string | null,
  plan: LookupPlan,
  clientIp = '',
) {
  const client = await pool.connect();
  const args = `${pg.escapeLiteral(token)}, ${
    requestedOrganizationId === null ? 'null' : pg.escapeLiteral(requestedOrganizationId)
  }`;
  const prepare = plan.prepared.has(client)
    ? ''
    : `${plan.setup}prepare ${plan.statement}(text, uuid) as ${plan.sql}; `;
  const state = { released: false };
  const release = (error?: Error) => {
    if (state.released) return;
    state.released = true;
    client.release(error);
  };
  let results: pg.QueryResult[];
  try {
    results = (await client.query(
      `${prepare}${plan.before}execute ${plan.statement}(${args})${plan.after(clientIp)}`,
    )) as unknown as pg.QueryResult[];
    plan.prepared.add(client);
  } catch (error) {
    // The connection may be mid-transaction or half scoped: discard it, never reuse it.
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
  return {
    client,
    state,
    release,
    internals,
    session,
    // The lookup answers in the statement before the last (which sets the role).
    context: toRequestContext(results.at(-2)?.rows[0]),
  };
}

export async function beginStudioTransaction(
  pool: pg.Pool,
  db: Db,
  token: string,
  requestedOrganizationId: string | null,
  clientIp = '',
): Promise<StudioTransaction> {
  const opened = await openWithLookup(
    pool,
    db,
    token,
    requestedOrganizationId,
    IN_TRANSACTION,
    clientIp,
  );
  const { client, internals, release } = opened;
  const tx = new NodePgTransaction(internals.dialect, opened.session, internals.session.schema);
  deferNotifications(tx as unknown as Db);
  // A statement sent with the COMMIT (db/commit-with-last.ts). After it the connection is
  // outside any transaction and unscoped, so this request's handle refuses every statement
  // (a bug to find, not data written outside row-level security); the router only sends the
  // NOTIFYs and releases the connection.
  let committedWithLast = false;
  // Statements in one message (db/statements-together.ts, db/commit-with-last.ts). A statement
  // prepared for the first time on this connection is PREPAREd in a message of its own first;
  // if that fails, the connection is discarded at the end (its prepared set is unknown).
  let preparesFailed = false;
  const send = async (statements: Rendered[], suffix = '') => {
    if (committedWithLast)
      throw new Error('This request committed with its last statement: no more SQL');
    const prepares = preparesFor(client, statements);
    if (prepares.length > 0) {
      try {
        await client.query(prepares.join('; '));
      } catch (error) {
        preparesFailed = true;
        throw error;
      }
    }
    const answer = (await client.query(statements.map((r) => r.text).join(';\n') + suffix)) as
      pg.QueryResult | pg.QueryResult[];
    return Array.isArray(answer) ? answer : [answer];
  };
  allowCommitWithLast(tx as unknown as Db, async (statements) => {
    const notifies = notifySql(tx as unknown as Db);
    const results = await send(statements, `; commit${notifies ? `; ${notifies}` : ''}`);
    committedWithLast = true;
    (opened.session as unknown as { client: unknown }).client = {
      query: () =>
        Promise.reject(new Error('This request committed with its last statement: no more SQL')),
    };
    return results[statements.length - 1]!.rows;
  });
  allowStatementsTogether(tx as unknown as Db, async (statements) =>
    (await send(statements)).map((r) => r.rows),
  );
  const finish = async (statement: 'commit' | 'rollback') => {
    // A failed COMMIT already discarded the connection: there is nothing left to roll back.
    if (opened.state.released) return;
    // The request's NOTIFYs follow its COMMIT in the same message (db/deferred-notify.ts). A
    // NOTIFY inside the transaction holds PostgreSQL's one notify lock from before the commit's
    // WAL flush to its end, so every writing request of every studio committed one at a time (a
    // third of the commits per second, pgbench), and a sale's product lock was held through that
    // queue (bench:billing). After the COMMIT, fitbase_notify cannot fail the message.
    const notifies = statement === 'commit' ? notifySql(tx as unknown as Db) : '';
    if (committedWithLast && statement === 'rollback')
      console.warn('A request failed after committing with its last statement');
    try {
      if (!committedWithLast) await client.query(notifies ? `commit; ${notifies}` : statement);
      // Committed with the last statement: its NOTIFYs went with it, unless some were buffered
      // after it (none should be); those follow now, as their own message.
      else if (notifies) await client.query(notifies);
    } catch (error) {
      release(error as Error);
      throw error;
    }
    release(preparesFailed ? new Error('A PREPARE failed on this connection') : undefined);
  };
  return {
    context: opened.context,
    tx: tx as unknown as Db,
    commit: () => finish('commit'),
    commitInBackground: () => {
      // The connection goes back to the pool only once COMMIT is done (or failed).
      void finish('commit').catch(() => undefined);
    },
    rollback: () => finish('rollback'),
  };
}

/**
 * A studio READ (GET) in two round trips instead of three: on a connection of the read pool,
 * which serves nothing else and is read-only (`default_transaction_read_only`), the role and
 * the lookup's `app.organization_id` are set for the session, so the handler's statements run
 * outside a transaction block with row-level security scoped as in a transaction, and there is
 * no COMMIT to wait for. Under READ COMMITTED a transaction gave a read no more than this: each
 * statement has its own snapshot either way. Every use starts by resetting the role and the
 * scope, and a connection whose first message failed is discarded, so no scope outlives its
 * request (studio-read.test.ts). A write attempted on this path fails loudly (read-only).
 */
export async function beginStudioRead(
  readPool: pg.Pool,
  db: Db,
  token: string,
  requestedOrganizationId: string | null,
): Promise<StudioTransaction> {
  const opened = await openWithLookup(readPool, db, token, requestedOrganizationId, READ_ONLY);
  const { internals, release } = opened;
  const handle = new NodePgDatabase(internals.dialect, opened.session, internals.session.schema);
  const done = async () => release();
  return {
    context: opened.context,
    tx: handle as unknown as Db,
    commit: done,
    commitInBackground: () => release(),
    rollback: done,
  };
}

/** Whether this request can take the fast path: PostgreSQL, a studio route that wants a transaction. */
export function fastPathPool(c: Context<AppEnv>): pg.Pool | undefined {
  return c.get('deps').database.pool;
}
