import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt } from './columns.ts';
import { members } from './members.ts';
import { organizationId, timestamptz } from './tenant-columns.ts';

/*
 * Calendar feeds (docs/product/integrations.md#calendar-feeds): a secret iCalendar address a
 * calendar app subscribes to, for a member's bookings or a trainer's teaching schedule in one
 * studio. The address is not stored: it is the feed's id and an HMAC of (id, version) under the
 * server's secret, so it can be shown again (`Copy link`) and `Rotate link` (version + 1) ends
 * every earlier address at once (docs/decisions/0032-calendar-feed-links.md).
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    /** A member's bookings; exactly one of memberId and userId is set. */
    memberId: uuid('member_id'),
    /** A staff member's teaching schedule (sessions and appointments they lead). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(1),
    rotatedAt: timestamptz('rotated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'calendar_feeds_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'calendar_feeds_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('cascade'),
    uniqueIndex('calendar_feeds_org_member_idx')
      .on(t.organizationId, t.memberId)
      .where(sql`${t.memberId} is not null`),
    uniqueIndex('calendar_feeds_org_user_idx')
      .on(t.organizationId, t.userId)
      .where(sql`${t.userId} is not null`),
    check('calendar_feeds_owner_check', sql`(${t.memberId} is null) <> (${t.userId} is null)`),
  ],
);
