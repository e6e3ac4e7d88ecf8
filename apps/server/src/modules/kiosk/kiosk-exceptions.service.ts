import type { KioskException } from '@fitbase/domain/contracts/kiosk';
import type { StudioScope } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import * as queries from './kiosk.queries.ts';

/**
 * `Kiosk exceptions` (docs/product/kiosk.md#offline): check-ins a kiosk sent from its offline
 * queue that the server would have refused. They were recorded; staff look at each and mark it
 * resolved.
 */

export const KIOSK_EXCEPTION_NOT_FOUND = 'Kiosk exception';

function serialize(row: queries.KioskExceptionRow): KioskException {
  return {
    id: row.id,
    kioskName: row.kioskName,
    memberId: row.memberId,
    memberName: row.memberName,
    sessionName: row.sessionName,
    sessionStartsAt: row.sessionStartsAt?.toISOString() ?? null,
    checkedInAt: row.checkedInAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
    code: row.code ?? '',
    message: row.message ?? '',
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

export async function listKioskExceptions(
  scope: StudioScope,
  status: 'open' | 'all',
): Promise<{ exceptions: KioskException[] }> {
  const found = await queries.listExceptions(scope.db, scope.organizationId, status);
  return { exceptions: found.map(serialize) };
}

/** Marks an exception seen to; resolving one again answers it as it is. */
export async function resolveKioskException(
  scope: StudioScope,
  id: string,
): Promise<KioskException> {
  await queries.resolveException(scope.db, scope.organizationId, id, scope.userId);
  const row = await queries.findException(scope.db, scope.organizationId, id);
  if (!row) throw notFound(KIOSK_EXCEPTION_NOT_FOUND);
  return serialize(row);
}
