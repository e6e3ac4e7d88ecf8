import type { AccountSession, SecuritySettings } from '@fitbase/domain/contracts/security';
import type { AccountScope, StudioScope } from '../../http/types.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { deviceName } from './device-name.ts';
import {
  deleteOwnSession,
  findRequireTwoFactor,
  findTwoFactorEnabled,
  listLiveSessions,
  updateRequireTwoFactor,
} from './security.queries.ts';

/** The person's live sessions, this one (the scope's) marked current. */
export async function listSessions(
  scope: Pick<AccountScope, 'user' | 'sessionId' | 'db'>,
): Promise<{ sessions: AccountSession[] }> {
  const rows = await listLiveSessions(scope.db, scope.user.id);
  const sessions = rows.map((row) => ({
    id: row.id,
    device: deviceName(row.userAgent),
    ipAddress: row.ipAddress || null,
    lastUsedAt: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    current: row.id === scope.sessionId,
  }));
  // This device first: it is the one a person looks for.
  sessions.sort((a, b) => Number(b.current) - Number(a.current));
  return { sessions };
}

/** Signs one of the person's own sessions out; any other id answers like an unknown one. */
export async function revokeSession(scope: Pick<AccountScope, 'user' | 'db'>, sessionId: string) {
  if (!(await deleteOwnSession(scope.db, scope.user.id, sessionId))) throw notFound('Session');
}

export async function getSecuritySettings(scope: StudioScope): Promise<SecuritySettings> {
  return { requireTwoFactor: await findRequireTwoFactor(scope.db, scope.organizationId) };
}

export const OWNER_NEEDS_TWO_FACTOR =
  'Turn on two-factor authentication for your own account first, then require it for your staff.';

/**
 * The owner's rule for staff. Requiring it without using it would lock the owner out of their
 * own studio on the next request, so the owner must have it on first.
 */
export async function updateSecuritySettings(
  scope: StudioScope,
  input: SecuritySettings,
): Promise<SecuritySettings> {
  if (input.requireTwoFactor && !(await findTwoFactorEnabled(scope.db, scope.userId)))
    throw conflict(OWNER_NEEDS_TWO_FACTOR);
  await updateRequireTwoFactor(scope.db, scope.organizationId, input.requireTwoFactor);
  return getSecuritySettings(scope);
}
