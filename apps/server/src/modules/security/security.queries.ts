import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/auth.ts';
import { organizations } from '../../db/schema/organizations.ts';

/** The person's live sessions, most recently used first (tokens are never selected). */
export function listLiveSessions(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      updatedAt: sessions.updatedAt,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id));
}

/** Deletes one of the person's own sessions; another person's id deletes nothing. */
export async function deleteOwnSession(db: Db, userId: string, sessionId: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function findRequireTwoFactor(db: Db, organizationId: string) {
  const [row] = await db
    .select({ requireTwoFactor: organizations.requireTwoFactor })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.requireTwoFactor ?? false;
}

export async function updateRequireTwoFactor(db: Db, organizationId: string, value: boolean) {
  await db
    .update(organizations)
    .set({ requireTwoFactor: value })
    .where(eq(organizations.id, organizationId));
}

export async function findTwoFactorEnabled(db: Db, userId: string) {
  const [row] = await db
    .select({ enabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId));
  return row?.enabled ?? false;
}
