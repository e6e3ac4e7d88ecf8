import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKING_STATUSES, SESSION_STATUSES } from '@fitbase/domain/schedule-constants';
import type { Db, Tx } from '../../db/client.ts';
import { firstRow, rows } from '../../db/rows.ts';

/**
 * What a calendar feed shows (docs/product/integrations.md#calendar-feeds): sessions with their
 * time, room and trainer, never another member's name, a note or a contact field: whoever holds
 * the address reads it.
 */

// Timestamps are read as JSON's ISO 8601 text (to_json), the same from both drivers.
const when = z.string().transform((v) => new Date(v));

const feedEventRow = z.object({
  uid: z.string(),
  name: z.string(),
  starts_at: when,
  ends_at: when,
  updated_at: when,
  session_status: z.enum(SESSION_STATUSES),
  cancel_reason: z.string().nullable(),
  facility: z.string().nullable(),
  trainer: z.string().nullable(),
  booking_status: z.enum(BOOKING_STATUSES).nullable(),
  waitlist_position: z.number().nullable(),
  booked: z.number(),
  capacity: z.number(),
  waitlisted: z.number(),
});
export type FeedEventRow = z.output<typeof feedEventRow>;

/** The window a feed covers: recent history and what is planned. */
export interface FeedWindow {
  from: Date;
  to: Date;
  /** At most this many events (the earliest first). */
  limit: number;
}

const waitlistPosition = sql`case when b.status = 'waitlisted' then (
    select count(*)::int from bookings w
    where w.organization_id = b.organization_id and w.session_id = b.session_id
      and w.status = 'waitlisted' and w.waitlisted_at <= b.waitlisted_at) end`;

/**
 * A member's places: booked, waitlisted, attended or missed (a place they cancelled leaves the
 * feed, so the calendar app drops it), in sessions of the window, the studio's cancellations
 * included (shown cancelled).
 */
export function memberFeedEvents(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
  window: FeedWindow,
) {
  return rows(
    db,
    feedEventRow,
    sql`select 'booking-' || b.id as uid, s.name, to_json(s.starts_at) #>> '{}' as starts_at,
        to_json(s.ends_at) #>> '{}' as ends_at,
        to_json(greatest(s.updated_at, b.updated_at)) #>> '{}' as updated_at,
        s.status as session_status, s.cancel_reason, f.name as facility, coalesce(ou.display_name, u.name) as trainer,
        b.status as booking_status, ${waitlistPosition} as waitlist_position,
        s.booked_count as booked, s.capacity, s.waitlist_count as waitlisted
      from bookings b
      join class_sessions s on s.organization_id = b.organization_id and s.id = b.session_id
      left join facilities f on f.organization_id = s.organization_id and f.id = s.facility_id
      left join users u on u.id = s.trainer_user_id
      left join organization_users ou on ou.organization_id = s.organization_id
        and ou.user_id = s.trainer_user_id
      where b.organization_id = ${organizationId} and b.member_id = ${memberId}
        and b.status in ('booked', 'waitlisted', 'attended', 'no_show')
        and s.starts_at >= ${window.from.toISOString()}::timestamptz
        and s.starts_at < ${window.to.toISOString()}::timestamptz
      order by s.starts_at, b.id
      limit ${window.limit}`,
  );
}

/** The sessions and appointments a staff member leads in the window, cancelled ones included. */
export function trainerFeedEvents(
  db: Db | Tx,
  organizationId: string,
  userId: string,
  window: FeedWindow,
) {
  return rows(
    db,
    feedEventRow,
    sql`select 'session-' || s.id as uid, s.name, to_json(s.starts_at) #>> '{}' as starts_at,
        to_json(s.ends_at) #>> '{}' as ends_at, to_json(s.updated_at) #>> '{}' as updated_at,
        s.status as session_status, s.cancel_reason, f.name as facility, coalesce(ou.display_name, u.name) as trainer,
        null as booking_status, null::int as waitlist_position,
        s.booked_count as booked, s.capacity, s.waitlist_count as waitlisted
      from class_sessions s
      left join facilities f on f.organization_id = s.organization_id and f.id = s.facility_id
      left join users u on u.id = s.trainer_user_id
      left join organization_users ou on ou.organization_id = s.organization_id
        and ou.user_id = s.trainer_user_id
      where s.organization_id = ${organizationId} and s.trainer_user_id = ${userId}
        and s.starts_at >= ${window.from.toISOString()}::timestamptz
        and s.starts_at < ${window.to.toISOString()}::timestamptz
      order by s.starts_at, s.id
      limit ${window.limit}`,
  );
}

const feedRow = z.object({
  studio_name: z.string(),
  slug: z.string(),
  timezone: z.string(),
  /** The feed's version when its address was rotated; null while it never was. */
  version: z.number().nullable(),
  /** The member is still the studio's, or the trainer still on its staff. */
  owner_present: z.boolean(),
});
export type FeedRow = z.output<typeof feedRow>;

/**
 * The studio and feed version a link names: read as the connecting role, since a calendar app
 * is identified by its link alone, before any studio's row-level-security scope is set.
 */
export function findFeed(
  db: Db,
  organizationId: string,
  owner: { memberId: string } | { userId: string },
) {
  const feedOf =
    'memberId' in owner
      ? sql`cf.member_id = ${owner.memberId}::uuid`
      : sql`cf.user_id = ${owner.userId}`;
  const present =
    'memberId' in owner
      ? sql`exists (select 1 from members m
          where m.organization_id = o.id and m.id = ${owner.memberId}::uuid)`
      : sql`exists (select 1 from organization_users ou
          where ou.organization_id = o.id and ou.user_id = ${owner.userId})`;
  return firstRow(
    db,
    feedRow,
    sql`select o.name as studio_name, o.slug, o.timezone,
        (select cf.version from calendar_feeds cf
          where cf.organization_id = o.id and ${feedOf}) as version,
        ${present} as owner_present
      from organizations o
      where o.id = ${organizationId}::uuid`,
  );
}
