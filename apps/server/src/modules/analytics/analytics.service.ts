import {
  ANALYTICS_MONTHS,
  ANALYTICS_WINDOW_DAYS,
  AT_RISK_LIST_LIMIT,
  COHORT_OFFSETS,
  type AnalyticsOverview,
  type AttendanceCell,
  type MemberAnalytics,
  type MemberGrowthPoint,
  type PerformanceAnalytics,
  type Retention,
  type RevenueAnalytics,
  type RevenueMonth,
  type Utilisation,
} from '@fitbase/domain/contracts/analytics';
import { AT_RISK_DAYS, RETENTION_DAYS } from '@fitbase/domain/report-catalog';
import { attritionPercent } from '@fitbase/domain/report-rules';
import { addDays, localDateOf, zonedInstant } from '@fitbase/domain/recurrence';
import type { Db } from '../../db/client.ts';
import type { StudioScope } from '../../http/types.ts';
import { getDashboardCards } from '../dashboard/dashboard.service.ts';
import { activeMemberIdsOnSql, memberStatusCountsOn } from '../reports/member-history.service.ts';
import { studioFormat } from '../../context/studio-format.ts';
import { getOrganizationTimeZone } from '../../context/studio-time.ts';
import * as queries from './analytics.sql.ts';
import { memberFigures, mrrOnDays } from './member-figures.sql.ts';
import { addMonthsTo, divideMoney, percentOf, subtractMoney } from './analytics-math.ts';

/**
 * The analytics screens (docs/product/reports-and-analytics.md#analytics). The cards come from
 * the dashboard's service and member status from the reports' member history, so a figure here
 * is the same figure there; this module adds only what no other screen computes.
 */

interface Frame {
  db: Db;
  organizationId: string;
  timeZone: string;
  today: string;
  midnight: (day: string) => Date;
  /** The last ANALYTICS_MONTHS months, oldest first: first day, and last day (today at most). */
  months: Array<{ month: string; first: string; last: string }>;
}

async function frameOf(scope: StudioScope, now = new Date()): Promise<Frame> {
  const timeZone = await getOrganizationTimeZone(scope.db, scope.organizationId);
  const today = localDateOf(now, timeZone);
  const thisMonth = `${today.slice(0, 7)}-01`;
  const months = Array.from({ length: ANALYTICS_MONTHS }, (_, i) => {
    const first = addMonthsTo(thisMonth, i - (ANALYTICS_MONTHS - 1));
    const end = addDays(addMonthsTo(first, 1), -1);
    return { month: first.slice(0, 7), first, last: end < today ? end : today };
  });
  return {
    db: scope.db,
    organizationId: scope.organizationId,
    timeZone,
    today,
    midnight: (day) => zonedInstant(day, '00:00', timeZone),
    months,
  };
}

async function memberGrowth(f: Frame): Promise<MemberGrowthPoint[]> {
  const counts = await memberStatusCountsOn(
    f.db,
    f.organizationId,
    f.months.map((m) => m.last),
  );
  return f.months.map((m, i) => ({ ...counts[i]!, month: m.month }));
}

async function revenueMonths(f: Frame): Promise<RevenueMonth[]> {
  const found = await queries.revenueByMonth(f.db, f.organizationId, f.months[0]!.first, f.today);
  const byMonth = new Map(found.map((r) => [r.month, r]));
  return f.months.map(({ month }) => {
    const r = byMonth.get(month);
    return {
      month,
      total: r?.total ?? '0.00',
      memberships: r?.memberships ?? '0.00',
      packs: r?.packs ?? '0.00',
      dropIns: r?.drop_ins ?? '0.00',
      retail: r?.retail ?? '0.00',
      fees: r?.fees ?? '0.00',
    };
  });
}

/** The last ANALYTICS_WINDOW_DAYS days: 11 whole weeks before this one, Monday first. */
function windowOf(f: Frame) {
  const monday = addDays(f.today, -((new Date(`${f.today}T12:00:00Z`).getUTCDay() + 6) % 7));
  const from = addDays(monday, -(ANALYTICS_WINDOW_DAYS - 7));
  const to = addDays(monday, 6);
  return { from, to, start: f.midnight(from), end: f.midnight(addDays(to, 1)) };
}

async function attendance(f: Frame, w: ReturnType<typeof windowOf>): Promise<AttendanceCell[]> {
  return queries.attendanceByHour(f.db, f.organizationId, f.timeZone, w.start, w.end);
}

async function utilisation(f: Frame, w: ReturnType<typeof windowOf>) {
  const weeks = await queries.utilisationByWeek(f.db, f.organizationId, f.timeZone, w.start, w.end);
  const byWeek = new Map(weeks.map((r) => [r.week, r]));
  const all: Array<Utilisation & { week: string }> = [];
  for (let week = w.from; week <= w.to; week = addDays(week, 7)) {
    const r = byWeek.get(week);
    const taken = r?.taken ?? 0;
    const capacity = r?.capacity ?? 0;
    all.push({ week, taken, capacity, percent: percentOf(taken, capacity) });
  }
  const taken = all.reduce((n, r) => n + r.taken, 0);
  const capacity = all.reduce((n, r) => n + r.capacity, 0);
  return { total: { taken, capacity, percent: percentOf(taken, capacity) }, byWeek: all };
}

/** Members active RETENTION_DAYS ago vs today: the pair to ask memberFigures for. */
const retentionPair = (f: Frame) => ({ from: addDays(f.today, -RETENTION_DAYS), to: f.today });

function retentionOf(pair: { from: string }, row: { at_from: number; kept: number }): Retention {
  const { at_from: activeThen, kept } = row;
  return { from: pair.from, activeThen, stillActive: kept, percent: percentOf(kept, activeThen) };
}

/** Growth points from memberFigures' statuses on the month ends (asked first, in order). */
const growthOf = (f: Frame, statuses: ReadonlyArray<Omit<MemberGrowthPoint, 'month'>>) =>
  f.months.map((m, i): MemberGrowthPoint => ({ ...statuses[i]!, month: m.month }));

export async function getAnalyticsOverview(scope: StudioScope): Promise<AnalyticsOverview> {
  const f = await frameOf(scope);
  // The cards are the dashboard's own figures (docs/product/dashboards.md), except Active
  // Today, which counts people (distinct members with a visit today), not visits.
  const summary = await getDashboardCards(scope.db, scope.organizationId);
  const activeToday = await queries.countMembersVisiting(
    f.db,
    f.organizationId,
    f.midnight(f.today),
    f.midnight(addDays(f.today, 1)),
  );
  const w = windowOf(f);
  const util = await utilisation(f, w);
  // Growth and retention in one pass over the memberships.
  const kept = retentionPair(f);
  const members = await memberFigures(f.db, f.organizationId, {
    statusDays: f.months.map((m) => m.last),
    pairs: [kept],
  });
  return {
    today: f.today,
    timeZone: f.timeZone,
    cards: {
      totalMembers: summary.memberCount,
      monthlyRevenue: summary.monthlyRevenue,
      activeToday,
      classesThisWeek: summary.classesThisWeek,
    },
    memberGrowth: growthOf(f, members.statuses),
    revenueByMonth: await revenueMonths(f),
    window: { from: w.from, to: w.to },
    attendance: await attendance(f, w),
    utilisation: util.total,
    utilisationByWeek: util.byWeek,
    retention: retentionOf(kept, members.pairs[0]!),
  };
}

export async function getMemberAnalytics(scope: StudioScope): Promise<MemberAnalytics> {
  const f = await frameOf(scope);
  // Movement as the Members report counts it: active on the month's first day vs its last.
  const pairs = f.months.map((m) => ({ from: m.first, to: m.last }));
  // Cohorts by the month of a member's first membership (not members.created_at: an imported
  // or long-known member's record may be much younger than their membership), checked on
  // the last day of the 1st, 2nd, 3rd and 6th month after it, once that day has come.
  const checks = f.months.map((m) =>
    COHORT_OFFSETS.map((k) => {
      const first = addMonthsTo(m.first, k);
      const last = addDays(addMonthsTo(first, 1), -1);
      return last <= f.today ? last : null;
    }),
  );
  const kept = retentionPair(f);
  // Status mix, growth, movement, retention and cohorts: one pass over the memberships.
  const found = await memberFigures(f.db, f.organizationId, {
    statusDays: [...f.months.map((m) => m.last), f.today],
    pairs: [...pairs, kept],
    cohorts: f.months.map((m, i) => ({ month: m.month, checkDays: checks[i]! })),
  });
  const growth = growthOf(f, found.statuses);
  const now = found.statuses[f.months.length];
  const movement = f.months.map((m, i) => {
    const r = found.pairs[i]!;
    const lost = r.at_from - r.kept;
    return {
      month: m.month,
      atStart: r.at_from,
      added: r.at_to - r.kept,
      lost,
      atEnd: r.at_to,
      churnPercent: attritionPercent(lost, r.at_from),
    };
  });
  const cohorts = f.months.map((m, i) => {
    const { size, active } = found.cohorts[i]!;
    return {
      month: m.month,
      size,
      retained: active.map((n) => (n === null ? null : percentOf(n, size))),
    };
  });
  const since = f.midnight(addDays(f.today, -(AT_RISK_DAYS - 1)));
  const risk = await queries.atRiskMembers(
    f.db,
    f.organizationId,
    since,
    activeMemberIdsOnSql(f.organizationId, f.today),
    AT_RISK_LIST_LIMIT,
  );
  return {
    today: f.today,
    statusMix: { active: now?.active ?? 0, paused: now?.paused ?? 0, expired: now?.expired ?? 0 },
    growth,
    movement,
    retention: retentionOf(kept, found.pairs[f.months.length]!),
    cohorts,
    atRisk: {
      total: risk.total,
      members: risk.list.map((r) => {
        const last = r.last_visit === null ? null : new Date(r.last_visit);
        const lastDay = last ? localDateOf(last, f.timeZone) : null;
        return {
          id: r.id,
          firstName: r.first_name,
          lastName: r.last_name,
          lastVisit: last ? last.toISOString() : null,
          daysSinceVisit: lastDay ? daysFrom(lastDay, f.today) : null,
        };
      }),
    },
  };
}

const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export async function getRevenueAnalytics(scope: StudioScope): Promise<RevenueAnalytics> {
  const f = await frameOf(scope);
  const byMonth = await revenueMonths(f);
  const growth = await memberGrowth(f);
  // The day before the first month too, so the first month has its movement.
  const days = [addDays(f.months[0]!.first, -1), ...f.months.map((m) => m.last)];
  const mrr = await mrrOnDays(f.db, f.organizationId, days);
  const { currency } = await studioFormat(f.db, f.organizationId);
  return {
    today: f.today,
    byMonth,
    perMember: byMonth.map((r, i) => ({
      month: r.month,
      activeMembers: growth[i]!.active,
      average: divideMoney(r.total, growth[i]!.active, currency),
    })),
    mrr: f.months.map((m, i) => {
      const r = mrr[i + 1]!;
      return {
        month: m.month,
        day: m.last,
        mrr: r.mrr,
        new: r.added,
        churned: r.churned,
        net: subtractMoney(r.added, r.churned),
      };
    }),
  };
}

export async function getPerformanceAnalytics(scope: StudioScope): Promise<PerformanceAnalytics> {
  const f = await frameOf(scope);
  const w = windowOf(f);
  const util = await utilisation(f, w);
  const shape = (r: queries.PerformanceRow) => ({
    name: r.name,
    sessions: r.sessions,
    taken: r.taken,
    capacity: r.capacity,
    attended: r.attended,
    percent: percentOf(r.taken, r.capacity),
  });
  const classes = await queries.performanceBy(f.db, f.organizationId, 'class', w.start, w.end);
  const trainers = await queries.performanceBy(f.db, f.organizationId, 'trainer', w.start, w.end);
  return {
    today: f.today,
    window: { from: w.from, to: w.to },
    utilisation: util.total,
    utilisationByWeek: util.byWeek,
    classes: classes.map(shape),
    trainers: trainers.map((r) => ({ ...shape(r), trainerId: r.key })),
    attendance: await attendance(f, w),
  };
}
