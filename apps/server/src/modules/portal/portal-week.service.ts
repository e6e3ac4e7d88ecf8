import type { PortalSession, PortalWeek } from '@fitbase/domain/contracts/portal';
import { classCost, type ClassCost } from '@fitbase/domain/membership-rules';
import { addDays, localDateOf, zonedInstant } from '@fitbase/domain/recurrence';
import { findPortalContext } from '../../context/member-session.queries.ts';
import { studioNotFound } from '../../context/member-session.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import type { WeekViewCache } from '../../context/week-view-cache.ts';
import type { MemberScope, PublicScope } from '../../http/types.ts';
import * as read from './portal.sql.ts';

/**
 * The portal's week (docs/product/member-portal.md#schedule): the studio's classes, the same for
 * every member and for the public schedule, kept a few seconds per studio in the week-view cache
 * (ADR 0019: dropped after every write of the studio, a member's booking included, and on every
 * change announced by NOTIFY); each member's own bookings are then laid over it from one small
 * indexed read. At 50 members at once, building the same 200 classes for each of them was most
 * of the cost (bench:portal).
 */

/** A class of the week as anyone sees it: places left, never who else is booked (nor whether
 * this member is: that is laid over it per request). */
export const toPortalSession = (s: read.WeekRow): PortalSession => ({
  id: s.id,
  name: s.name,
  startsAt: s.starts_at,
  endsAt: s.ends_at,
  trainerName: s.trainer_name,
  room: s.room,
  capacity: s.capacity,
  placesLeft: Math.max(0, s.capacity - s.booked_count),
  waitlistCount: s.waitlist_count,
  status: s.status,
  myBooking: null,
  myCost: null,
});

interface WeekRange {
  from: string;
  to: string;
  fromAt: Date;
  toAt: Date;
}

function weekRange(input: { from?: string }, timeZone: string, now: Date): WeekRange {
  const from = input.from ?? localDateOf(now, timeZone);
  const to = addDays(from, 7);
  return {
    from,
    to,
    fromAt: zonedInstant(from, '00:00', timeZone),
    toAt: zonedInstant(to, '00:00', timeZone),
  };
}

const cacheKey = (range: WeekRange) => `portal-week:${range.from}`;

async function studioWeek(
  organizationId: string,
  range: WeekRange,
  load: () => Promise<read.WeekRow[]>,
  cache: WeekViewCache | undefined,
): Promise<PortalSession[]> {
  const loadJson = async () => JSON.stringify((await load()).map(toPortalSession));
  const body = cache
    ? await cache.read(organizationId, cacheKey(range), loadJson)
    : await loadJson();
  return parsedWeek(body);
}

/**
 * The last few kept weeks, parsed once: every member reading the same kept answer gets the same
 * (never mutated) sessions, not a new parse of ~70 KB each. Keyed by the answer's text itself,
 * which the cache hands out as the same string until it is replaced.
 */
const parsed = new Map<string, PortalSession[]>();
const PARSED_KEPT = 32;

function parsedWeek(body: string): PortalSession[] {
  const known = parsed.get(body);
  if (known) return known;
  const sessions = JSON.parse(body) as PortalSession[];
  parsed.set(body, sessions);
  if (parsed.size > PARSED_KEPT) parsed.delete(parsed.keys().next().value as string);
  return sessions;
}

/** Seven days of classes from `from` (today in the studio when absent), with the member's own. */
export async function portalWeek(
  scope: MemberScope,
  input: { from?: string },
  options: { now?: Date; cache?: WeekViewCache } = {},
): Promise<PortalWeek> {
  const { timeZone } = scope.studio;
  const range = weekRange(input, timeZone, options.now ?? new Date());
  const sessions = await studioWeek(
    scope.organizationId,
    range,
    () => read.weekSessionsPrepared(scope.work, scope.organizationId, range.fromAt, range.toAt),
    options.cache,
  );
  const mine = await read.memberWeek(
    scope.work,
    scope.organizationId,
    scope.memberId,
    range.fromAt,
    range.toAt,
  );
  const bySession = new Map(mine.bookings.map((b) => [b.session_id, b]));
  const plans = mine.memberships.map((m) => ({
    planName: m.plan_name,
    status: m.status,
    startDate: m.start_date,
    endDate: m.end_date,
    creditsRemaining: m.credits_remaining,
  }));
  // A class's cost depends on its day only: worked out once per day of the week.
  const costOfDay = new Map<string, ClassCost | null>();
  const costOn = (startsAt: string) => {
    const day = localDateOf(new Date(startsAt), timeZone);
    if (!costOfDay.has(day)) costOfDay.set(day, classCost(plans, day));
    return costOfDay.get(day)!;
  };
  return {
    timeZone,
    from: range.from,
    to: range.to,
    sessions: sessions.map((session) => {
      const booking = bySession.get(session.id);
      return {
        ...session,
        myBooking: booking
          ? { id: booking.id, status: booking.status, waitlistPosition: booking.waitlist_position }
          : null,
        myCost: costOn(session.startsAt),
      };
    }),
  };
}

/** The public schedule: the same week of the studio of `slug`, nobody's bookings. */
export async function publicWeek(
  scope: Pick<PublicScope, 'deps'>,
  slug: string,
  input: { from?: string },
  options: { now?: Date; cache?: WeekViewCache } = {},
): Promise<PortalWeek> {
  const { deps } = scope;
  const studio = await findPortalContext(deps.database.db, slug, null);
  if (!studio) throw studioNotFound();
  const range = weekRange(input, studio.timezone, options.now ?? new Date());
  const sessions = await studioWeek(
    studio.organization_id,
    range,
    () =>
      runInStudio(deps.database.db, studio.organization_id, (tx) =>
        read.weekSessions(tx, studio.organization_id, range.fromAt, range.toAt),
      ),
    options.cache,
  );
  return { timeZone: studio.timezone, from: range.from, to: range.to, sessions };
}
