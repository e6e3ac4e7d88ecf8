import type { HomeDashboard } from '@fitbase/domain/contracts/dashboard';
import { addDays } from '@fitbase/domain/recurrence';
import type { Db } from '../../db/client.ts';
import type { OrganizationContext } from '../../http/types.ts';
import { getMemberSummary } from '../members/members.service.ts';
import { monthlyRevenue } from '../payments/payments.service.ts';
import { getOrganizationTimeZone } from '../../context/studio-time.ts';
import { sessionSummaries } from '../schedule/schedule.service.ts';
import {
  countBookings,
  membersEndingBetween,
  newestMembers,
  sessionIdsIn,
  sessionTotals,
} from './dashboard-schedule.queries.ts';
import { orgDays } from './org-days.ts';

/** Newest Signups and Expiring Members list at most this many members. */
const MEMBER_LIST_LIMIT = 5;
/** Expiring Members: a membership ending within this many days from today (local). */
const EXPIRING_WITHIN_DAYS = 14;

/**
 * The studio home (docs/product/dashboards.md#studio-home), every figure computed in the
 * organization's time zone. Monthly Revenue is the ledger's paid minus refunded this calendar
 * month (docs/product/money-and-store.md#revenue).
 */
export async function getHomeDashboard(
  org: OrganizationContext & { db: Db },
): Promise<HomeDashboard> {
  const { db } = org;
  const days = orgDays(await getOrganizationTimeZone(db, org.organizationId));
  // One after the other: a studio request has one connection (its row-level-security transaction).
  const bookedToday = await countBookings(db, org.organizationId, days.todaySpan);
  const bookedThisWeek = await countBookings(db, org.organizationId, days.weekSpan);
  const week = await sessionTotals(db, org.organizationId, days.weekSpan);
  const { activeMembers } = await getMemberSummary(org);
  const newest = await newestMembers(db, org.organizationId, MEMBER_LIST_LIMIT);
  const expiring = await membersEndingBetween(
    db,
    org.organizationId,
    days.today,
    addDays(days.today, EXPIRING_WITHIN_DAYS),
    MEMBER_LIST_LIMIT,
  );
  const todayIds = await sessionIdsIn(db, org.organizationId, days.todaySpan);
  const tomorrowIds = await sessionIdsIn(db, org.organizationId, days.tomorrowSpan);
  const revenue = await monthlyRevenue(db, org.organizationId);
  return {
    classBookings: { today: bookedToday, thisWeek: bookedThisWeek },
    bookingsVsCapacity: {
      booked: bookedThisWeek,
      capacity: week.capacity,
      percent: week.capacity > 0 ? Math.round((bookedThisWeek / week.capacity) * 100) : 0,
    },
    activeMembers,
    monthlyRevenue: revenue.monthlyRevenue,
    newestSignups: newest.map((m) => ({
      id: m.id,
      firstName: m.firstName,
      lastName: m.lastName,
      joinedAt: m.createdAt.toISOString(),
    })),
    expiringMembers: expiring.flatMap((m) =>
      m.endsOn
        ? [{ id: m.id, firstName: m.firstName, lastName: m.lastName, endsOn: m.endsOn }]
        : [],
    ),
    today: await sessionSummaries(db, org.organizationId, todayIds),
    tomorrow: await sessionSummaries(db, org.organizationId, tomorrowIds),
  };
}
