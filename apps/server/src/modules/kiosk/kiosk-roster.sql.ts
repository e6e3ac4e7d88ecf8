import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { KIOSK_MEMBER_STATES } from '@fitbase/domain/kiosk-constants';
import { MEMBERSHIP_STATUSES } from '@fitbase/domain/constants';
import { SESSION_KINDS } from '@fitbase/domain/schedule-constants';
import type { Db, Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

/**
 * The kiosk's read models (docs/product/kiosk.md#what-a-kiosk-keeps): what a kiosk needs to
 * decide a check-in, and nothing more: no contact, medical or payment field leaves here.
 */

// Timestamps are read as JSON's ISO 8601 text (to_json), the same from both drivers.
const when = z.string().transform((v) => new Date(v).toISOString());

const memberStateRow = z.object({
  id: z.string(),
  member_number: z.number().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  profile_photo_url: z.string().nullable(),
  check_in_code: z.string().nullable(),
  kiosk_pin_hash: z.string().nullable(),
  membership_status: z.enum(MEMBERSHIP_STATUSES),
  state: z.enum(KIOSK_MEMBER_STATES),
});
export type KioskMemberRow = z.output<typeof memberStateRow>;

/** Which members a read is about: the whole studio (the cached list), or some of them. */
export type MemberFilter =
  | { all: true }
  | { ids: string[] }
  | { numbers: number[] }
  | { code: string }
  | { pinHash: string };

function memberCondition(filter: MemberFilter): SQL {
  if ('ids' in filter) return sql`and m.id = any(${sql.param(filter.ids)}::uuid[])`;
  if ('numbers' in filter)
    return sql`and m.member_number = any(${sql.param(filter.numbers)}::int[])`;
  if ('code' in filter) return sql`and m.check_in_code = ${filter.code}`;
  if ('pinHash' in filter) return sql`and m.kiosk_pin_hash = ${filter.pinHash}`;
  return sql``;
}

/**
 * Members with the state a kiosk decides by, in ONE statement for any number of them: the
 * first that applies of
 * - membership_not_active: the member's status is not active (the front desk asks to confirm);
 * - payment_past_due: one of their memberships is past due;
 * - waiver_required: the studio requires its waiver to book and they have not signed the
 *   current version (docs/product/waivers.md);
 * - no_credits: they have memberships or packs, but none covers `today` with credits left or
 *   without credits (unlimited) — the weekly class limit is left to the online check-in;
 * - ok.
 * A member who never had a membership or pack is ok (they book as before, as at the desk).
 */
export function kioskMembers(
  db: Db | Tx,
  organizationId: string,
  today: string,
  filter: MemberFilter,
): Promise<KioskMemberRow[]> {
  return rows(
    db,
    memberStateRow,
    sql`with picked as (
        select m.id, m.organization_id, m.member_number, m.first_name, m.last_name,
          m.profile_photo_url, m.check_in_code, m.kiosk_pin_hash, m.membership_status
        from members m
        where m.organization_id = ${organizationId} ${memberCondition(filter)}
      ), waiver as (
        select coalesce((select ws.required_to_book from waiver_settings ws
            where ws.organization_id = ${organizationId}), false) as required,
          (select w.id from waivers w where w.organization_id = ${organizationId}
            order by w.version desc limit 1) as current_id
      ), held as (
        select ms.member_id,
          bool_or(ms.status = 'past_due') as past_due,
          bool_or(p.kind <> 'add_on') as bookable,
          bool_or(p.kind <> 'add_on' and ms.status in ('active', 'past_due')
            and ms.start_date <= ${today}::date
            and (ms.end_date is null or ms.end_date >= ${today}::date)
            and (ms.credits_remaining is null or ms.credits_remaining > 0)) as covered
        from memberships ms
        join plans p on p.organization_id = ms.organization_id and p.id = ms.plan_id
        where ms.organization_id = ${organizationId} and ms.member_id in (select id from picked)
        group by ms.member_id
      )
      select m.id, m.member_number, m.first_name, m.last_name, m.profile_photo_url,
        m.check_in_code, m.kiosk_pin_hash, m.membership_status,
        case
          when m.membership_status <> 'active' then 'membership_not_active'
          when coalesce(h.past_due, false) then 'payment_past_due'
          when w.required and w.current_id is not null and not exists (
            select 1 from waiver_signatures s
            where s.organization_id = m.organization_id and s.member_id = m.id
              and s.waiver_id = w.current_id) then 'waiver_required'
          when coalesce(h.bookable, false) and not coalesce(h.covered, false) then 'no_credits'
          else 'ok'
        end as state
      from picked m
      cross join waiver w
      left join held h on h.member_id = m.id
      order by m.member_number`,
  );
}

const sessionRow = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(SESSION_KINDS),
  starts_at: when,
  ends_at: when,
  capacity: z.number(),
  booked_count: z.number(),
  closed: z.boolean(),
});
export type KioskSessionRow = z.output<typeof sessionRow>;

/** The studio's sessions starting in [from, to) that were not cancelled, in time order. */
export function kioskSessions(db: Db | Tx, organizationId: string, from: Date, to: Date) {
  return rows(
    db,
    sessionRow,
    sql`select s.id, s.name, s.kind, to_json(s.starts_at) #>> '{}' as starts_at,
        to_json(s.ends_at) #>> '{}' as ends_at, s.capacity, s.booked_count,
        s.closed_at is not null as closed
      from class_sessions s
      where s.organization_id = ${organizationId} and s.status <> 'cancelled'
        and s.starts_at >= ${from.toISOString()} and s.starts_at < ${to.toISOString()}
      order by s.starts_at, s.name, s.id`,
  );
}

const bookingRow = z.object({
  member_id: z.string(),
  member_number: z.number().nullable(),
  session_id: z.string(),
  status: z.enum(['booked', 'attended', 'waitlisted']),
});
export type KioskBookingRow = z.output<typeof bookingRow>;

/**
 * Live bookings (booked, checked in, waitlisted) in the given sessions, of every member or of
 * some (`memberIds`).
 */
export function kioskBookings(
  db: Db | Tx,
  organizationId: string,
  sessionIds: string[],
  memberIds?: string[],
) {
  if (sessionIds.length === 0) return Promise.resolve([]);
  const members = memberIds ? sql`and b.member_id = any(${sql.param(memberIds)}::uuid[])` : sql``;
  return rows(
    db,
    bookingRow,
    sql`select b.member_id, m.member_number, b.session_id, b.status
      from bookings b
      join members m on m.organization_id = b.organization_id and m.id = b.member_id
      where b.organization_id = ${organizationId} and b.session_id = any(${sql.param(sessionIds)}::uuid[])
        and b.status in ('booked', 'attended', 'waitlisted') ${members}`,
  );
}
