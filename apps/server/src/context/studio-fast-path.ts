import pg from 'pg';
import { openPgRead, runPgUnit, type Opening, type PgUnitOfWork } from '../db/pg-unit-of-work.ts';
import { inlineStatement, isTransactionPooled, POOLED_SETTINGS } from '../db/pool-mode.ts';
import {
  REQUEST_CONTEXT_SESSION_SQL,
  REQUEST_CONTEXT_SQL,
  toRequestContext,
  type RequestContextRow,
} from './context.queries.ts';
import { TENANT_ROLE } from './run-in-studio.ts';

/**
 * PostgreSQL's fast path for studio requests (docs/decisions/0011-one-round-trip-sessions.md):
 * the session/user/membership lookup (which also sets `app.organization_id`) and the tenant
 * role travel in the message of the unit of work's BEGIN (db/pg-unit-of-work.ts), so a studio
 * write costs three round trips (that, the query, COMMIT) instead of five. The simple protocol
 * takes no parameters: the token and the requested organization are quoted with pg's
 * escapeLiteral (and the organization is a validated uuid already).
 */

/**
 * A lookup as a prepared statement on each connection, sent in the opening's message with the
 * statements `before` and `after` it. `args` are SQL literals already (quoted with pg's
 * escapeLiteral, or `null`): the simple protocol takes no parameters. Under a transaction
 * pooler the lookup is sent as it is, with its literals (no PREPARE: a pooled connection
 * may never have seen it), and the startup options' settings for the transaction.
 */
export function preparedLookup<Row>(
  statement: string,
  sqlText: string,
  params: { types: string[]; args: string[] },
  before: string,
  after: string,
  answered: (row: Row | undefined) => void,
): Opening {
  // The lookup answers in the statement before the last (which sets the role).
  const lookupRow = (results: pg.QueryResult[]) => answered(results.at(-2)?.rows[0] as Row);
  if (isTransactionPooled())
    return {
      text: `${before}${inlineStatement(sqlText, params.types, params.args)}; ${after}, ${POOLED_SETTINGS}`,
      answered: lookupRow,
    };
  return {
    prepare: {
      name: statement,
      text: `prepare ${statement}(${params.types.join(', ')}) as ${sqlText}`,
    },
    text: `${before}execute ${statement}(${params.args.join(', ')}); ${after}`,
    answered: lookupRow,
  };
}

/** The staff request's lookup (session, person, studio membership). */
function lookup(
  statement: string,
  sqlText: string,
  token: string,
  requestedOrganizationId: string | null,
  before: string,
  after: string,
  answered: (context: RequestContextRow | null) => void,
): Opening {
  const args = [
    pg.escapeLiteral(token),
    requestedOrganizationId === null ? 'null' : pg.escapeLiteral(requestedOrganizationId),
  ];
  return preparedLookup<Record<string, unknown>>(
    statement,
    sqlText,
    { types: ['text', 'uuid'], args },
    before,
    after,
    (row) => answered(toRequestContext(row)),
  );
}

/**
 * A studio WRITE: `work` in a unit of work whose BEGIN carries the request's lookup, the tenant
 * role and the caller's address for the audit log. plan_cache_mode: the write path's named
 * statements (the booking's locks, the member, ...) are keyed lookups whose generic plan is the
 * custom one, but PostgreSQL's cost comparison kept re-planning them on every execution (0.6 ms
 * of a booking's session lock). Only here, transaction-local: forced on the whole pool it also
 * reached the job queue's and the CSV import's statements, and one of those plans made
 * bench:import 7x slower (ADR 0020).
 */
export function studioWrite<T>(
  pool: pg.Pool,
  token: string,
  requestedOrganizationId: string | null,
  clientIp: string,
  work: (unit: PgUnitOfWork, context: RequestContextRow | null) => Promise<T>,
): Promise<T> {
  let context: RequestContextRow | null = null;
  const opening = lookup(
    'fitbase_request_context',
    REQUEST_CONTEXT_SQL,
    token,
    requestedOrganizationId,
    '',
    `select set_config('role', '${TENANT_ROLE}', true), set_config('app.client_ip', ${pg.escapeLiteral(clientIp)}, true), set_config('plan_cache_mode', 'force_generic_plan', true)`,
    (found) => (context = found),
  );
  return runPgUnit(pool, opening, (unit) => work(unit, context));
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
export async function openStudioRead(
  readPool: pg.Pool,
  token: string,
  requestedOrganizationId: string | null,
): Promise<{ unit: PgUnitOfWork; context: RequestContextRow | null; release: () => void }> {
  let context: RequestContextRow | null = null;
  if (isTransactionPooled()) {
    // Under a transaction pooler: a read-only transaction with the write path's
    // transaction-local lookup and role, ended by the release (openPgRead).
    const pooled = lookup(
      'fitbase_request_context',
      REQUEST_CONTEXT_SQL,
      token,
      requestedOrganizationId,
      'begin read only; ',
      `select set_config('role', '${TENANT_ROLE}', true)`,
      (found) => (context = found),
    );
    const { unit, release } = await openPgRead(readPool, pooled);
    return { unit, context, release };
  }
  const opening = lookup(
    'fitbase_request_context_read',
    REQUEST_CONTEXT_SESSION_SQL,
    token,
    requestedOrganizationId,
    'reset role; reset app.organization_id; reset app.user_id; ',
    `select set_config('role', '${TENANT_ROLE}', false)`,
    (found) => (context = found),
  );
  // Sent once per connection, before its first PREPARE: this pool's connections only read.
  opening.prepare!.text = `set default_transaction_read_only = on; ${opening.prepare!.text}`;
  const { unit, release } = await openPgRead(readPool, opening);
  return { unit, context, release };
}
