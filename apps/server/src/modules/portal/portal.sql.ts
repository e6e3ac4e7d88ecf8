import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MEMBERSHIP_STATES, PLAN_KINDS } from '@fitbase/domain/money-constants';
import { BOOKING_STATUSES, SESSION_STATUSES } from '@fitbase/domain/schedule-constants';
import type { Db, Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';

/**
 * The portal's read models. Each answers for one member of one studio (row-level security holds
 * the studio; the member id is the session's): counts of places, never who else booked.
 */

// Timestamps are read as JSON's ISO 8601 text (to_json), the same from both drivers.
const when = z.string().transform((v) => new Date(v).toISOString());

// The name the schedule shows for a trainer: the studio's display name, else the account's.
const TRAINER_NAME = sql.raw(`coalesce(nullif(trim(ou.display_name), ''), u.name)`);
// 1 + the waitlisted bookings ahead of b, in the waitlist's order (bookings.queries.ts).
const WAITLIST_POSITION = sql.raw(`case when b.status = 'waitlisted' then (
    select count(*)::int + 1 from bookings w
    where w.organization_id = b.organization_id and w.session_id = b.session_id
      and w.status = 'waitlisted'
      and (w.waitlisted_at, w.created_at, w.id) < (b.waitlisted_at, b.created_at, b.id)) end`);

const weekRow = z.object({
  id: z.string(),
  name: z.string(),
  starts_at: when,
  ends_at: when,
  capacity: z.number(),
  booked_count: z.number(),
  waitlist_count: z.number(),
  status: z.enum(SESSION_STATUSES),
  trainer_name: z.string().nullable(),
  room: z.string().nullable(),
});
export type WeekRow = z.output<typeof weekRow>;

/**
 * The studio's classes starting in [from, to): the same for every member and for the public
 * schedule (each member's own bookings and costs are laid over it, memberWeek).
 */
function weekQuery(organizationId: string, from: Date, to: Date) {
  return sql`select s.id, s.name, to_json(s.starts_at) #>> '{}' as starts_at,
        to_json(s.ends_at) #>> '{}' as ends_at, s.capacity, s.booked_count,
        s.waitlist_count, s.status, ${TRAINER_NAME} as trainer_name, f.name as room
      from class_sessions s
      left join organization_users ou
        on ou.organization_id = s.organization_id and ou.user_id = s.trainer_user_id
      left join users u on u.id = s.trainer_user_id
      left join facilities f on f.organization_id = s.organization_id and f.id = s.facility_id
      where s.organization_id = ${organizationId} and s.kind = 'class'
        and s.starts_at >= ${from.toISOString()} and s.starts_at < ${to.toISOString()}
      order by s.starts_at, s.name, s.id`;
}

/**
 * The week in a member's request: prepared once per connection (it plans in longer than it
 * runs), in the request's unit.
 */
export async function weekSessionsPrepared(
  work: UnitOfWork,
  organizationId: string,
  from: Date,
  to: Date,
) {
  return z
    .array(weekRow)
    .parse(await work.prepared('portal_week', weekQuery(organizationId, from, to)));
}

/** The week for the public schedule (no member, no prepared statement to keep). */
export function weekSessions(db: Db | Tx, organizationId: string, from: Date, to: Date) {
  return rows(db, weekRow, weekQuery(organizationId, from, to));
}

const weekBookingRow = z.object({
  session_id: z.string(),
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  waitlist_position: z.number().nullable(),
});
export type WeekBookingRow = z.output<typeof weekBookingRow>;

const weekMembershipRow = z.object({
  plan_name: z.string(),
  status: z.enum(MEMBERSHIP_STATES),
  start_date: z.string(),
  end_date: z.string().nullable(),
  credits_remaining: z.number().nullable(),
});

// A json column: text from a prepared statement on PostgreSQL, already parsed on PGlite.
const jsonArray = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? JSON.parse(v) : v), z.array(item));

const memberWeekRow = z.object({
  bookings: jsonArray(weekBookingRow),
  memberships: jsonArray(weekMembershipRow),
});

/**
 * What the member's own week needs, laid over the studio's (which is the same for every member,
 * and cached): their live bookings of classes starting in [from, to) (one probe of
 * bookings_org_member_start_idx) and their memberships and packs (what a class costs them), in
 * one statement. Memberships in the order a booking picks them (expiring first).
 */
export async function memberWeek(
  work: UnitOfWork,
  organizationId: string,
  memberId: string,
  from: Date,
  to: Date,
) {
  const [row] = await work.prepared(
    'portal_member_week',
    sql`select
        coalesce((select json_agg(json_build_object('session_id', b.session_id, 'id', b.id,
            'status', b.status, 'waitlist_position', ${WAITLIST_POSITION}))
          from bookings b
          where b.organization_id = ${organizationId} and b.member_id = ${memberId}::uuid
            and b.status in ('booked', 'waitlisted', 'attended')
            and b.starts_at >= ${from.toISOString()} and b.starts_at < ${to.toISOString()}),
          '[]') as bookings,
        coalesce((select json_agg(json_build_object('plan_name', p.name, 'status', m.status,
            'start_date', m.start_date, 'end_date', m.end_date,
            'credits_remaining', m.credits_remaining)
            order by m.end_date asc nulls last, m.start_date, m.id)
          from memberships m
          join plans p on p.organization_id = m.organization_id and p.id = m.plan_id
          where m.organization_id = ${organizationId} and m.member_id = ${memberId}::uuid
            and p.kind <> 'add_on'),
          '[]') as memberships`,
  );
  return memberWeekRow.parse(row);
}

const bookingRow = z.object({
  id: z.string(),
  session_id: z.string(),
  session_name: z.string(),
  starts_at: when,
  ends_at: when,
  trainer_name: z.string().nullable(),
  room: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  waitlist_position: z.number().nullable(),
  checked_in_at: when.nullable(),
});
export type MemberBookingRow = z.output<typeof bookingRow>;

const bookingSelect = sql`select b.id, b.session_id, s.name as session_name,
    to_json(s.starts_at) #>> '{}' as starts_at, to_json(s.ends_at) #>> '{}' as ends_at,
    ${TRAINER_NAME} as trainer_name, f.name as room, b.status,
    ${WAITLIST_POSITION} as waitlist_position, to_json(b.checked_in_at) #>> '{}' as checked_in_at
  from bookings b
  join class_sessions s on s.organization_id = b.organization_id and s.id = b.session_id
  left join organization_users ou
    on ou.organization_id = s.organization_id and ou.user_id = s.trainer_user_id
  left join users u on u.id = s.trainer_user_id
  left join facilities f on f.organization_id = s.organization_id and f.id = s.facility_id`;

/**
 * The member's bookings: `upcoming` (booked or waitlisted, not yet ended) soonest first, or
 * `past` (everything else) newest first; at most `limit`.
 */
export function memberBookings(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
  which: 'upcoming' | 'past',
  now: Date,
  limit: number,
) {
  const live = sql`b.status in ('booked', 'waitlisted') and b.ends_at > ${now.toISOString()}`;
  return rows(
    db,
    bookingRow,
    sql`${bookingSelect}
      where b.organization_id = ${organizationId} and b.member_id = ${memberId}
        and ${which === 'upcoming' ? live : sql`not (${live})`}
      order by ${which === 'upcoming' ? sql`s.starts_at asc` : sql`s.starts_at desc`}, b.id
      limit ${limit}`,
  );
}

/** One booking of this member, as the portal shows it (null for anyone else's id). */
export async function memberBooking(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
  id: string,
) {
  const [row] = await rows(
    db,
    bookingRow,
    sql`${bookingSelect}
      where b.organization_id = ${organizationId} and b.member_id = ${memberId} and b.id = ${id}`,
  );
  return row ?? null;
}

/**
 * A booking just placed, as memberBooking, with whether the member has a push device: a
 * portal booking's confirmation is queued only then (portal.service.ts bookForMember), and
 * asking in the same statement saves the booking a round trip under its session's lock.
 */
export async function placedBooking(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
  id: string,
) {
  const [row] = await rows(
    db,
    bookingRow.extend({ has_device: z.boolean() }),
    sql`select placed.*, exists (select 1 from push_subscriptions ps
        where ps.organization_id = ${organizationId} and ps.member_id = ${memberId}) as has_device
      from (${bookingSelect}
        where b.organization_id = ${organizationId} and b.member_id = ${memberId} and b.id = ${id}) placed`,
  );
  return row ?? null;
}

const ownBookingRow = z.object({
  id: z.string(),
  starts_at: when,
  status: z.enum(BOOKING_STATUSES),
});

/** One booking of this member (null for another member's or another studio's id). */
export async function ownBooking(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
  id: string,
) {
  const [row] = await rows(
    db,
    ownBookingRow,
    sql`select b.id, to_json(s.starts_at) #>> '{}' as starts_at, b.status from bookings b
      join class_sessions s on s.organization_id = b.organization_id and s.id = b.session_id
      where b.organization_id = ${organizationId} and b.member_id = ${memberId} and b.id = ${id}`,
  );
  return row ?? null;
}

const memberRow = z.object({
  first_name: z.string(),
  last_name: z.string(),
  // null: a household member the studio removed the email of since they signed in.
  email: z.string().nullable(),
});

export async function memberSelf(db: Db | Tx, organizationId: string, memberId: string) {
  const [row] = await rows(
    db,
    memberRow,
    sql`select first_name, last_name, email from members
      where organization_id = ${organizationId} and id = ${memberId}`,
  );
  return row ?? null;
}

const memberIdRow = z.object({ id: z.string() });

/** The member of this studio with this email (case-insensitive), if any. */
export async function memberByEmail(db: Db | Tx, organizationId: string, email: string) {
  const [row] = await rows(
    db,
    memberIdRow,
    sql`select id from members
      where organization_id = ${organizationId} and lower(email) = lower(${email})`,
  );
  return row?.id ?? null;
}

const membershipRow = z.object({
  id: z.string(),
  plan_name: z.string(),
  kind: z.enum(PLAN_KINDS),
  billing_interval: z.string().nullable(),
  status: z.enum(MEMBERSHIP_STATES),
  start_date: z.string(),
  end_date: z.string().nullable(),
  next_billing_date: z.string().nullable(),
  price: z.string(),
  credits_remaining: z.number().nullable(),
  paused_on: z.string().nullable(),
  resumes_on: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  pause_starts_on: z.string().nullable(),
  pause_resumes_on: z.string().nullable(),
});
export type PortalMembershipRow = z.output<typeof membershipRow>;

/** The member's current memberships and packs (active, paused, past due), newest first. */
export function currentMemberships(db: Db | Tx, organizationId: string, memberId: string) {
  return rows(
    db,
    membershipRow,
    sql`select m.id, p.name as plan_name, p.kind, p.billing_interval, m.status,
        m.start_date::text as start_date, m.end_date::text as end_date,
        m.next_billing_date::text as next_billing_date, m.price as price,
        m.credits_remaining, m.paused_on::text as paused_on, m.resumes_on::text as resumes_on,
        m.cancel_at_period_end, m.pause_starts_on::text as pause_starts_on,
        m.pause_resumes_on::text as pause_resumes_on
      from memberships m
      join plans p on p.organization_id = m.organization_id and p.id = m.plan_id
      where m.organization_id = ${organizationId} and m.member_id = ${memberId}
        and m.status in ('active', 'paused', 'past_due')
      order by m.start_date desc, m.id`,
  );
}

const offerRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.enum(PLAN_KINDS),
  price: z.string(),
  signup_fee: z.string(),
  billing_interval: z.string().nullable(),
  credits: z.number().nullable(),
  validity_days: z.number().nullable(),
  minimum_term_periods: z.number().nullable(),
  tax_rate_id: z.string().nullable(),
});
export type OfferRow = z.output<typeof offerRow>;

/** What the studio sells online: its active plans marked `Sold online` (never add-ons). */
export function onlineOffers(db: Db | Tx, organizationId: string, id?: string) {
  return rows(
    db,
    offerRow,
    sql`select id, name, description, kind, price, signup_fee,
        billing_interval, credits, validity_days, minimum_term_periods, tax_rate_id
      from plans
      where organization_id = ${organizationId} and sold_online and is_active
        and kind <> 'add_on' ${id ? sql`and id = ${id}` : sql``}
      order by kind, price, name`,
  );
}
