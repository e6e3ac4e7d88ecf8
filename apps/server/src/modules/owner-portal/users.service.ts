import {
  ROLE_CHANGE_OWNER_ONLY,
  ROLE_CHANGE_OWN_ROLE,
  type PlatformUserPage,
} from '@fitbase/domain/contracts/owner-portal';
import type { PlatformRole } from '@fitbase/domain/constants';
import type { PlatformScope } from '../../http/types.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { decodeCursor, toPage } from '../../db/keyset.ts';
import { assignPlatformRole } from '../platform-users/platform-users.service.ts';
import { listUsersPage, profileExists } from './users.queries.ts';

export async function listUsers(
  scope: Pick<PlatformScope, 'db'>,
  query: { q?: string; cursor?: string; limit: number },
): Promise<PlatformUserPage> {
  const rows = await listUsersPage(scope.db, {
    q: query.q || undefined,
    cursor: decodeCursor(query.cursor, 'text'),
    limit: query.limit,
  });
  return toPage(rows, query.limit, (r) => ({
    id: r.id,
    fullName: r.fullName,
    email: r.email,
    // No user_roles row means the default role
    // (docs/product/roles-and-permissions.md#platform-roles).
    role: r.role ?? 'user',
    planName: r.planName,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Role changes (docs/product/owner-portal.md#user-management): platform owners only, never on their
 * own account. The change records who made it in user_roles.assigned_by.
 */
export async function changeUserRole(
  scope: Pick<PlatformScope, 'user' | 'platformRole' | 'db'>,
  targetUserId: string,
  role: PlatformRole,
) {
  const { db, user: actor } = scope;
  if (scope.platformRole !== 'owner') throw forbidden(ROLE_CHANGE_OWNER_ONLY);
  if (targetUserId === actor.id) throw new AppError('own_role_change', ROLE_CHANGE_OWN_ROLE);
  if (!(await profileExists(db, targetUserId))) throw notFound('User');
  await assignPlatformRole(db, targetUserId, role, actor.id);
  return { userId: targetUserId, role };
}
