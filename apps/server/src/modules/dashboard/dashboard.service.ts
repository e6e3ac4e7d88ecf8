import { RECENT_ACTIVITY_LIMIT } from '@fitbase/domain/constants';
import type { DashboardSummary, PeriodCount } from '@fitbase/domain/contracts/dashboard';
import type { Db } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { OrganizationContext } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { countStudioMembers } from '../members/members.service.ts';
import { monthlyRevenue, revenueIn } from '../payments/payments.service.ts';
import { studioFormat } from '../../context/studio-format.ts';
import { checkedTimeZone } from '../../context/studio-time.ts';
import { sessionSummaries } from '../schedule/schedule.service.ts';
import { summaryFigures } from './dashboard-summary.sql.ts';
import { countTeachingStaff, sessionTotals } from './dashboard-schedule.queries.ts';
import {
  countBookingsMade,
  countLeadsAdded,
  countMembersAdded,
  countVisits,
  findOrganizationPlan,
  type Span,
} from './dashboard.queries.ts';
import { orgDays } from './org-days.ts';

/**
 * On Duty Today (docs/product/staff.md#staff-screen): the people of the Staff screen teaching
 * a scheduled session or appointment today in the organization's time zone.
 */
export async function countOnDutyToday(db: Db, organizationId: string): Promise<number> {
  const { timeZone, locale } = await studioFormat(db, organizationId);
  const { todaySpan } = orgDays(timeZone, locale);
  return countTeachingStaff(db, organizationId, todaySpan);
}

/**
 * Plan dashboards (docs/product/dashboards.md): member count over the limit, today's visits,
 * recent activity, and the month-to-date counts the percent labels compare with the same span
 * of the previous month.
 */
export async function getDashboardSummary(
  org: OrganizationContext & { userId: string; db: Db; work: UnitOfWork },
): Promise<DashboardSummary> {
  const { db } = org;
  const plan = await findOrganizationPlan(db, org.organizationId);
  if (!plan) throw notFound('Organization');
  const current: Span = { start: plan.currentStart, end: plan.now };
  const previous: Span = { start: plan.previousStart, end: plan.previousEnd };
  // A studio created after the previous span began has no whole period to compare with:
  // a partial month would make any change look like growth.
  const hasPrevious = plan.createdAt.getTime() <= previous.start.getTime();
  const { todaySpan, weekSpan } = orgDays(checkedTimeZone(plan.timeZone), plan.locale);
  // Every figure in one statement (dashboard-summary.sql.ts), then the next class's details.
  const f = await summaryFigures(org.work, org.organizationId, {
    userId: org.userId,
    now: plan.now,
    current,
    previous,
    todaySpan,
    weekSpan,
    recentLimit: RECENT_ACTIVITY_LIMIT,
  });
  if (!f.revenue) throw notFound('Organization');
  const [nextClass] = f.next_session_id
    ? await sessionSummaries(db, org.organizationId, [f.next_session_id])
    : [];
  const compare = (now: number, before: number): PeriodCount => ({
    current: now,
    previous: hasPrevious ? before : null,
  });
  return {
    memberCount: f.member_count,
    maxMembers: plan.maxMembers,
    activeToday: f.active_today,
    recentVisits: f.recent.map((v) => ({
      id: v.id,
      visitDate: new Date(v.visitDate).toISOString(),
      visitType: v.visitType,
      member:
        v.memberId && v.firstName !== null && v.lastName !== null
          ? {
              id: v.memberId,
              firstName: v.firstName,
              lastName: v.lastName,
              profilePhotoUrl: v.profilePhotoUrl,
            }
          : null,
    })),
    span: {
      currentStart: current.start.toISOString(),
      currentEnd: current.end.toISOString(),
      previousStart: previous.start.toISOString(),
      previousEnd: previous.end.toISOString(),
    },
    membersAdded: compare(f.members_added, f.members_added_before),
    checkIns: compare(f.visits, f.visits_before),
    classesThisWeek: f.classes_week,
    nextClass: nextClass ?? null,
    onDutyToday: f.on_duty_today,
    monthlyRevenue: { current: f.revenue.monthlyRevenue, previous: f.revenue.previousMonthToDate },
  };
}

/** Schedule figures (docs/product/schedule.md): this week starts on the locale's first day. */
async function countClassesThisWeek(db: Db, organizationId: string): Promise<number> {
  const { timeZone, locale } = await studioFormat(db, organizationId);
  const { weekSpan } = orgDays(timeZone, locale);
  return (await sessionTotals(db, organizationId, weekSpan)).sessions;
}

/**
 * The summary's member count, classes this week and month-to-date revenue, computed by the same
 * functions, without the rest of the summary (recent visits, the next class, comparisons): the
 * analytics overview shows these three as its cards.
 */
export async function getDashboardCards(db: Db, organizationId: string) {
  const plan = await findOrganizationPlan(db, organizationId);
  if (!plan) throw notFound('Organization');
  const revenue = await monthlyRevenue(db, organizationId, plan.now);
  return {
    memberCount: await countStudioMembers(db, organizationId),
    classesThisWeek: await countClassesThisWeek(db, organizationId),
    monthlyRevenue: revenue.monthlyRevenue,
  };
}

/**
 * One span's figures for the daily summary email (notifications): members added, visits,
 * bookings made, new leads and revenue (paid minus refunded, from the ledger), by the same
 * definitions as the dashboards.
 */
export async function studioFiguresBetween(db: Db, organizationId: string, span: Span) {
  return {
    newMembers: await countMembersAdded(db, organizationId, span),
    visits: await countVisits(db, organizationId, span),
    bookings: await countBookingsMade(db, organizationId, span),
    newLeads: await countLeadsAdded(db, organizationId, span),
    revenue: await revenueIn(db, organizationId, span.start, span.end),
  };
}
