import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { organizations, organizationUsers } from '../../db/schema/organizations.ts';
import { notificationPreferences, notifications } from '../../db/schema/settings.ts';

const wantsSummary = sql`'daily_summary' = any(${notificationPreferences.emailEvents})`;

/** Studios where someone chose the daily summary (across studios: outside row-level security). */
export async function studiosWithSummaryReaders(db: Db) {
  return db
    .selectDistinct({ organizationId: organizations.id, timezone: organizations.timezone })
    .from(notificationPreferences)
    .innerJoin(organizations, eq(organizations.id, notificationPreferences.organizationId))
    .where(wantsSummary);
}

/** The studio's people (still on its staff) who chose the daily summary. */
export async function summaryReaders(db: Db | Tx, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .innerJoin(
      organizationUsers,
      and(
        eq(organizationUsers.organizationId, notificationPreferences.organizationId),
        eq(organizationUsers.userId, notificationPreferences.userId),
      ),
    )
    .where(and(eq(notificationPreferences.organizationId, organizationId), wantsSummary));
  return rows.map((r) => r.userId);
}

export async function summaryAlreadySent(
  db: Db | Tx,
  organizationId: string,
  userId: string,
  title: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.organizationId, organizationId),
        eq(notifications.event, 'daily_summary'),
        eq(notifications.title, title),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
