import type { PlatformRole } from '@fitbase/domain/constants';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { findUserByEmail, upsertUserRole } from './platform-users.queries.ts';

/**
 * Sets a person's platform role (docs/product/roles-and-permissions.md#platform-roles).
 * `assignedBy` is the user who made the change, or null when it comes from the command line (how
 * the first platform owner is made).
 */
export async function setPlatformRole(
  db: Db,
  email: string,
  role: PlatformRole,
  assignedBy: string | null,
) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError('not_found', `No user with email ${email}`);
  await upsertUserRole(db, { userId: user.id, role, assignedBy });
  return { userId: user.id, email: user.email, role };
}

/** Sets the platform role of a known user (the owner portal has checked who may, and whom). */
export async function assignPlatformRole(
  db: Db,
  userId: string,
  role: PlatformRole,
  assignedBy: string,
): Promise<void> {
  await upsertUserRole(db, { userId, role, assignedBy });
}
