import { and, eq, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bookings } from '../../db/schema/schedule.ts';

/**
 * Booked places whose class starts within `hours` of `now` and have had no reminder yet; a place
 * booked (or won from the waitlist) less than `hours` before the class is left out: the member
 * has just had its confirmation (docs/product/member-portal.md#notifications).
 */
function due(now: Date, hours: number): SQL {
  const until = new Date(now.getTime() + hours * 3_600_000);
  return and(
    eq(bookings.status, 'booked'),
    isNull(bookings.reminderSentAt),
    gt(bookings.startsAt, now),
    lte(bookings.startsAt, until),
    sql`coalesce(${bookings.promotedAt}, ${bookings.createdAt}) <= ${bookings.startsAt} - make_interval(hours => ${hours}::int)`,
  )!;
}

/** Across organizations (the background job, as the system role): those with reminders due. */
export async function organizationsWithRemindersDue(
  db: Db,
  now: Date,
  hours: number,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ organizationId: bookings.organizationId })
    .from(bookings)
    .where(due(now, hours));
  return rows.map((r) => r.organizationId);
}

/**
 * Marks the studio's due reminders sent and returns their bookings: a row claimed here is never
 * claimed again (a concurrent run re-reads it after the row lock and finds it taken).
 */
export async function claimDueReminders(
  tx: Tx,
  organizationId: string,
  now: Date,
  hours: number,
): Promise<string[]> {
  const rows = await tx
    .update(bookings)
    .set({ reminderSentAt: now })
    .where(and(eq(bookings.organizationId, organizationId), due(now, hours)))
    .returning({ id: bookings.id });
  return rows.map((r) => r.id);
}
