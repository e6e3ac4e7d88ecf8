import type { HomeDashboard } from '@fitbase/domain/contracts/dashboard';
import { addDays } from '@fitbase/domain/recurrence';
import type { Db } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { OrganizationContext } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { studioFormat } from '../../context/studio-format.ts';
import { checkedTimeZone } from '../../context/studio-time.ts';
import { sessionSummaries } from '../schedule/schedule.service.ts';
import { homeFigures } from './dashboard-home.sql.ts';
import { orgDays } from './org-days.ts';

/** Newest Signups and Expiring Members list at most this many members. */
const MEMBER_LIST_LIMIT = 5;
/** Expiring Members: a membership ending within this many days from today (local). */
const EXPIRING_WITHIN_DAYS = 14;

/**
 * The time zone and locale (its first day of the week) each studio's home was last computed in,
 * by this process: a hint that saves the home a round trip, never trusted (the home's statement
 * reads both and answers in them).
 */
const zoneSeen = new Map<string, Where>();
interface Where {
  timeZone: string;
  locale: string;
}
/** Past this many studios the hints start over (a few hundred kB at most). */
const ZONES_KEPT = 10_000;

/**
 * The studio home (docs/product/dashboards.md#studio-home), every figure computed in the
 * organization's time zone. Monthly Revenue is the ledger's paid minus refunded this calendar
 * month (docs/product/money-and-store.md#revenue).
 */
export async function getHomeDashboard(
  org: OrganizationContext & { db: Db; work: UnitOfWork },
): Promise<HomeDashboard> {
  const { db } = org;
  const figuresIn = async ({ timeZone, locale }: Where) => {
    const days = orgDays(timeZone, locale);
    const figures = await homeFigures(org.work, org.organizationId, {
      ...days,
      endsFrom: days.today,
      endsTo: addDays(days.today, EXPIRING_WITHIN_DAYS),
      limit: MEMBER_LIST_LIMIT,
      now: new Date(),
    });
    return { where: { timeZone, locale }, figures };
  };
  // Every figure in one statement (dashboard-home.sql.ts) with the spans of the zone this
  // process last saw; the statement reads the zone too, and when it changed since (or was never
  // seen) the figures are computed again with the new one: always the studio's current zone, in
  // one round trip but on the first request and after a change.
  const seen = zoneSeen.get(org.organizationId);
  let { where, figures: f } = await figuresIn(seen ?? (await studioFormat(db, org.organizationId)));
  if (f.time_zone !== where.timeZone || f.locale !== where.locale) {
    if (f.time_zone === null || f.locale === null) throw notFound('Organization');
    ({ where, figures: f } = await figuresIn({
      timeZone: checkedTimeZone(f.time_zone),
      locale: f.locale,
    }));
  }
  if (!f.revenue) throw notFound('Organization');
  if (zoneSeen.size >= ZONES_KEPT) zoneSeen.clear();
  zoneSeen.set(org.organizationId, where);
  const sessions = await sessionSummaries(db, org.organizationId, [
    ...f.today_ids,
    ...f.tomorrow_ids,
  ]);
  const tomorrowIds = new Set(f.tomorrow_ids);
  const bookedThisWeek = f.booked_week;
  return {
    classBookings: { today: f.booked_today, thisWeek: bookedThisWeek },
    bookingsVsCapacity: {
      booked: bookedThisWeek,
      capacity: f.capacity_week,
      percent: f.capacity_week > 0 ? Math.round((bookedThisWeek / f.capacity_week) * 100) : 0,
    },
    activeMembers: f.active_members,
    monthlyRevenue: f.revenue.monthlyRevenue,
    newestSignups: f.newest.map((m) => ({
      id: m.id,
      firstName: m.firstName,
      lastName: m.lastName,
      joinedAt: new Date(m.createdAt).toISOString(),
    })),
    expiringMembers: f.expiring,
    // Today's and tomorrow's ids are disjoint (one local day each), each list in start order.
    today: sessions.filter((s) => !tomorrowIds.has(s.id)),
    tomorrow: sessions.filter((s) => tomorrowIds.has(s.id)),
  };
}
