import { eq, sql } from 'drizzle-orm';
import type { PlatformRole } from '@fitbase/domain/constants';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { userRoles } from '../../db/schema/platform.ts';

/** A user by email, ignoring case (emails are compared the way people type them). */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** One platform role per user: inserted the first time, replaced afterwards. */
export async function upsertUserRole(
  db: Db,
  values: { userId: string; role: PlatformRole; assignedBy: string | null },
) {
  await db
    .insert(userRoles)
    .values(values)
    .onConflictDoUpdate({
      target: userRoles.userId,
      set: { role: values.role, assignedBy: values.assignedBy, updatedAt: new Date() },
    });
}
