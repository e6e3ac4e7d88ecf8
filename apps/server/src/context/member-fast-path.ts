import pg from 'pg';
import { openPgRead, runPgUnit, type PgUnitOfWork } from '../db/pg-unit-of-work.ts';
import {
  memberContextSql,
  portalContextRow,
  type PortalContextRow,
} from './member-session.queries.ts';
import { TENANT_ROLE } from './run-in-studio.ts';
import { isTransactionPooled } from '../db/pool-mode.ts';
import { preparedLookup } from './studio-fast-path.ts';

/**
 * PostgreSQL's fast path for member portal requests, as studio-fast-path.ts is for staff ones:
 * the portal lookup (studio by slug, the member's session there), which also sets the studio's
 * row-level-security scope, travels with BEGIN and the tenant role in one message. A member
 * write then costs one round trip fewer than a separate lookup before the transaction; a read
 * (`readOnly` routes) runs on the read pool with no transaction and no COMMIT.
 */

const WRITE_CONTEXT_SQL = memberContextSql('true');
const READ_CONTEXT_SQL = memberContextSql('false');

function parse(row: Record<string, unknown> | undefined): PortalContextRow | null {
  return row === undefined ? null : portalContextRow.parse(row);
}

const args = (slug: string, token: string) => ({
  types: ['text', 'text'],
  args: [pg.escapeLiteral(slug), pg.escapeLiteral(token)],
});

/** A member request's unit of work: the lookup, BEGIN, the scope and the role in one message. */
export function memberWrite<T>(
  pool: pg.Pool,
  slug: string,
  token: string,
  clientIp: string,
  work: (unit: PgUnitOfWork, context: PortalContextRow | null) => Promise<T>,
): Promise<T> {
  let context: PortalContextRow | null = null;
  const opening = preparedLookup<Record<string, unknown>>(
    'fitbase_member_context',
    WRITE_CONTEXT_SQL,
    args(slug, token),
    '',
    `select set_config('role', '${TENANT_ROLE}', true), set_config('app.client_ip', ${pg.escapeLiteral(clientIp)}, true)`,
    (row) => (context = parse(row)),
  );
  return runPgUnit(pool, opening, (unit) => work(unit, context));
}

/**
 * A member READ on the read pool (read-only connections; studio-fast-path.ts openStudioRead):
 * each use resets the role and the scope first, then looks up and scopes in the same message.
 */
export async function openMemberRead(
  readPool: pg.Pool,
  slug: string,
  token: string,
): Promise<{ unit: PgUnitOfWork; context: PortalContextRow | null; release: () => void }> {
  let context: PortalContextRow | null = null;
  if (isTransactionPooled()) {
    // Under a transaction pooler: a read-only transaction, transaction-local scope and role.
    const pooled = preparedLookup<Record<string, unknown>>(
      'fitbase_member_context',
      WRITE_CONTEXT_SQL,
      args(slug, token),
      'begin read only; ',
      `select set_config('role', '${TENANT_ROLE}', true)`,
      (row) => (context = parse(row)),
    );
    const { unit, release } = await openPgRead(readPool, pooled);
    return { unit, context, release };
  }
  const opening = preparedLookup<Record<string, unknown>>(
    'fitbase_member_context_read',
    READ_CONTEXT_SQL,
    args(slug, token),
    'reset role; reset app.organization_id; reset app.user_id; ',
    `select set_config('role', '${TENANT_ROLE}', false)`,
    (row) => (context = parse(row)),
  );
  opening.prepare!.text = `set default_transaction_read_only = on; ${opening.prepare!.text}`;
  const { unit, release } = await openPgRead(readPool, opening);
  return { unit, context, release };
}
