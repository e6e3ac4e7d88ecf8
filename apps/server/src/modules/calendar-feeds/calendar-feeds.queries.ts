import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { calendarFeeds } from '../../db/schema/calendar-feeds.ts';

/** Whose feed: a member's bookings, or a staff member's teaching schedule. */
export type FeedOwner = { memberId: string } | { userId: string };

/** A feed's address version before its first `Rotate link` (no row is kept until then). */
export const FIRST_VERSION = 1;

const ownerCondition = (organizationId: string, owner: FeedOwner) =>
  and(
    eq(calendarFeeds.organizationId, organizationId),
    'memberId' in owner
      ? eq(calendarFeeds.memberId, owner.memberId)
      : eq(calendarFeeds.userId, owner.userId),
  );

const feedColumns = { version: calendarFeeds.version, rotatedAt: calendarFeeds.rotatedAt };

/** The owner's feed version: the first one while the address was never rotated. */
export async function readFeed(db: Db | Tx, organizationId: string, owner: FeedOwner) {
  const [found] = await db
    .select(feedColumns)
    .from(calendarFeeds)
    .where(ownerCondition(organizationId, owner));
  return found ?? { version: FIRST_VERSION, rotatedAt: null };
}

/** A new version: addresses signed with an earlier one stop working. */
export async function rotateFeed(db: Db | Tx, organizationId: string, owner: FeedOwner) {
  const bump = () =>
    db
      .update(calendarFeeds)
      .set({ version: sql`${calendarFeeds.version} + 1`, rotatedAt: new Date() })
      .where(ownerCondition(organizationId, owner))
      .returning(feedColumns);
  const [bumped] = await bump();
  if (bumped) return bumped;
  const [made] = await db
    .insert(calendarFeeds)
    .values({ organizationId, ...owner, version: FIRST_VERSION + 1, rotatedAt: new Date() })
    .onConflictDoNothing()
    .returning(feedColumns);
  // Two first rotations at once: the other made the row; this one moves it on again.
  return made ?? (await bump())[0]!;
}
