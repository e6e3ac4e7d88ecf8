import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { profiles, userRoles } from '../db/schema/platform.ts';

// Person-level rows (a profile, a platform role): no studio owns them, every module reads them.

export async function findPlatformRole(db: Db, userId: string) {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .limit(1);
  return row?.role ?? null;
}

export async function findProfile(db: Db, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row ?? null;
}

export async function upsertProfile(
  db: Db | Tx,
  values: { id: string; email: string; fullName: string | null },
) {
  await db.insert(profiles).values(values).onConflictDoNothing();
}

/** The studio a person's requests default to when they name none. */
export async function setCurrentOrganization(
  db: Db | Tx,
  userId: string,
  organizationId: string | null,
) {
  await db.update(profiles).set({ organizationId }).where(eq(profiles.id, userId));
}
