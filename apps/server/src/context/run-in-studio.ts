import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

/** The database role that row-level security applies to (migration 0004). */
export const TENANT_ROLE = 'fitbase_app';

/**
 * Runs `work` in one transaction as the tenant role with `app.organization_id` set: every
 * organization-owned table then shows and accepts only that studio's rows, whatever the
 * query's own `where` says (docs/decisions/0010-row-level-security.md). Both settings are
 * transaction-local, so a pooled connection goes back clean. Background jobs that act for
 * one studio use this too.
 */
export function runInStudio<T>(
  db: Db,
  organizationId: string,
  work: (tx: Tx) => Promise<T>,
  actor?: AuditActor,
) {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', ${TENANT_ROLE}, true), set_config('app.organization_id', ${organizationId}, true),
        set_config('app.user_id', ${actor?.userId ?? ''}, true), set_config('app.client_ip', ${actor?.ip ?? ''}, true)`,
    );
    return work(tx);
  });
}

/**
 * Who a staff request acts as: the audit trigger (migration 0020) records every change made
 * while `app.user_id` is set, in the same transaction. Background jobs set no actor.
 */
export interface AuditActor {
  userId: string;
  ip: string;
}
