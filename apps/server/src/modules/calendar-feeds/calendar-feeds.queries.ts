import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { calendarFeeds } from '../../db/schema/calendar-feeds.ts';

/** Whose feed: a member's bookings, or a staff member's teaching schedule. */
export type FeedOwner = { memberId: string } | { userId: string };

const ownerCondition = (organizationId: string, owner: FeedOwner) =>
  and(
    eq(calendarFeeds.organizationId, organizationId),
    'memberId' in owner
      ? eq(calendarFeeds.memberId, owner.memberId)
      : eq(calendarFeeds.userId, owner.userId),
  );

const feedColumns = {
  id: calendarFeeds.id,
  version: calendarFeeds.version,
  rotatedAt: calendarFeeds.rotatedAt,
};

/** The owner's feed, made on first use (two first uses at once make one). */
export async function ensureFeed(db: Db | Tx, organizationId: string, owner: FeedOwner) {
  const [made] = await db
    .insert(calendarFeeds)
    .values({ organizationId, ...owner })
    .onConflictDoNothing()
    .returning(feedColumns);
  if (made) return made;
  const [found] = await db
    .select(feedColumns)
    .from(calendarFeeds)
    .where(ownerCondition(organizationId, owner));
  return found!;
}

/** A new version: links signed with an earlier one stop working. */
export async function rotateFeed(db: Db | Tx, organizationId: string, owner: FeedOwner) {
  await ensureFeed(db, organizationId, owner);
  const [rotated] = await db
    .update(calendarFeeds)
    .set({ version: sql`${calendarFeeds.version} + 1`, rotatedAt: new Date() })
    .where(ownerCondition(organizationId, owner))
    .returning(feedColumns);
  return rotated!;
}
