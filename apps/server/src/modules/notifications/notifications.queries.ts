import type { OrganizationRole } from '@fitbase/domain/constants';
import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { organizations, organizationUsers } from '../../db/schema/organizations.ts';
import { userRoles } from '../../db/schema/platform.ts';
import { notificationPreferences, notifications } from '../../db/schema/settings.ts';

// `notifications` has no row-level security (a platform notification has no studio): every
// query here names the person (`user_id`) in its where.

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationInsert = typeof notifications.$inferInsert;

/** The person's rows of one studio (or none) plus their platform ones. */
function scopeOf(userId: string, organizationId: string | null) {
  const platform = isNull(notifications.organizationId);
  return and(
    eq(notifications.userId, userId),
    organizationId ? or(eq(notifications.organizationId, organizationId), platform) : platform,
  );
}

export async function latestNotifications(
  db: Db | Tx,
  userId: string,
  organizationId: string | null,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(scopeOf(userId, organizationId), sql`${notifications.event} <> 'daily_summary'`))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnread(
  db: Db | Tx,
  userId: string,
  organizationId: string | null,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(scopeOf(userId, organizationId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the person's notifications read; false when it is not theirs (or not here). */
export async function markRead(
  db: Db | Tx,
  userId: string,
  organizationId: string | null,
  id: string,
): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(scopeOf(userId, organizationId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(
  db: Db | Tx,
  userId: string,
  organizationId: string | null,
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(scopeOf(userId, organizationId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function insertNotifications(db: Db | Tx, rows: NotificationInsert[]) {
  if (rows.length === 0) return;
  // clock_timestamp, not the transaction's now(): two events of one transaction (a cancellation
  // and the promotion it caused) list in the order they happened.
  await db
    .insert(notifications)
    .values(rows.map((row) => ({ ...row, createdAt: sql`clock_timestamp()` })));
}

// ---- Recipients -----------------------------------------------------------------------------

/** The studio's people with one of `roles`, and any of `userIds` who belong to the studio. */
export async function studioRecipients(
  db: Db | Tx,
  organizationId: string,
  roles: readonly OrganizationRole[],
  userIds: readonly string[],
): Promise<string[]> {
  const who = [
    ...(roles.length ? [inArray(organizationUsers.role, [...roles])] : []),
    ...(userIds.length ? [inArray(organizationUsers.userId, [...userIds])] : []),
  ];
  if (who.length === 0) return [];
  const rows = await db
    .select({ userId: organizationUsers.userId })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, organizationId), or(...who)));
  return [...new Set(rows.map((r) => r.userId))];
}

/** Platform owners and admins (trial requests). Runs outside any studio. */
export async function platformAdmins(db: Db | Tx): Promise<string[]> {
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(inArray(userRoles.role, ['owner', 'admin']));
  return rows.map((r) => r.userId);
}

/** The studios each person belongs to (to tell their open browsers of a platform notification). */
export async function studiosOf(db: Db | Tx, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ organizationId: organizationUsers.organizationId })
    .from(organizationUsers)
    .where(inArray(organizationUsers.userId, userIds));
  return rows.map((r) => r.organizationId);
}

// ---- Preferences ----------------------------------------------------------------------------

export type PreferenceRow = typeof notificationPreferences.$inferSelect;

export async function preferencesOf(
  db: Db | Tx,
  organizationId: string,
  userIds: string[],
): Promise<PreferenceRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.organizationId, organizationId),
        inArray(notificationPreferences.userId, userIds),
      ),
    );
}

/**
 * A person's most recently saved preferences in any studio: what a platform notification (no
 * studio of its own) follows. Only outside a studio transaction (row-level security).
 */
export async function latestPreferencesAnywhere(
  db: Db | Tx,
  userIds: string[],
): Promise<PreferenceRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectDistinctOn([notificationPreferences.userId])
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, userIds))
    .orderBy(notificationPreferences.userId, desc(notificationPreferences.updatedAt));
}

export async function upsertPreferences(
  db: Db | Tx,
  organizationId: string,
  userId: string,
  values: { emailEvents: string[]; bellEvents: string[] },
): Promise<PreferenceRow> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ organizationId, userId, ...values })
    .onConflictDoUpdate({
      target: [notificationPreferences.organizationId, notificationPreferences.userId],
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

// ---- Mail -----------------------------------------------------------------------------------

export async function mailRecipient(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function organizationName(db: Db | Tx, organizationId: string) {
  const [row] = await db
    .select({ name: organizations.name, timezone: organizations.timezone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? null;
}
