import {
  ROLE_CHANGE_OWNER_ONLY,
  ROLE_CHANGE_OWN_ROLE,
  type PlatformUserPage,
} from '@fitbase/domain/contracts/owner-portal';
import type { PlatformRole } from '@fitbase/domain/constants';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../http/types.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { upsertUserRole } from '../platform-users/platform-users.queries.ts';
import { decodeCursor, toPage } from './keyset.ts';
import { listUsersPage, profileExists } from './users.queries.ts';

export async function listUsers(
  db: Db,
  query: { q?: string; cursor?: string; limit: number },
): Promise<PlatformUserPage> {
  const rows = await listUsersPage(db, {
    q: query.q || undefined,
    cursor: decodeCursor(query.cursor),
    limit: query.limit,
  });
  return toPage(rows, query.limit, (r) => ({
    id: r.id,
    fullName: r.fullName,
    email: r.email,
    // No user_roles row means the default role (doc 1 §3).
    role: r.role ?? 'user',
    planName: r.planName,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Role changes (doc 1 §6): platform owners only, never on their own account. The change
 * records who made it in user_roles.assigned_by.
 */
export async function changeUserRole(
  db: Db,
  actor: SessionUser,
  actorRole: PlatformRole,
  targetUserId: string,
  role: PlatformRole,
) {
  if (actorRole !== 'owner') throw forbidden(ROLE_CHANGE_OWNER_ONLY);
  if (targetUserId === actor.id) throw new AppError('validation_error', ROLE_CHANGE_OWN_ROLE);
  if (!(await profileExists(db, targetUserId))) throw notFound('User');
  await upsertUserRole(db, { userId: targetUserId, role, assignedBy: actor.id });
  return { userId: targetUserId, role };
}
