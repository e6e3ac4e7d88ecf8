import type {
  AttendanceCell,
  ClassPerformance,
  MemberGrowthPoint,
  MemberMovement,
  MrrMonth,
  RevenueMonth,
} from '@fitbase/domain/contracts/analytics';
import type { ReportChart } from '@fitbase/domain/contracts/reports';

/**
 * The analytics answers as charts of the shared chart kit (components/chart: axes, units and a
 * table for screen readers). Months come as 'YYYY-MM'; the kit's date axis wants a day, so a
 * month is its first day with the month bucket.
 */

const monthDay = (month: string) => `${month}-01`;

export function memberGrowthChart(points: ReadonlyArray<MemberGrowthPoint>): ReportChart {
  return {
    kind: 'stacked-bar',
    title: 'Member growth',
    xKey: 'month',
    xKind: 'date',
    unit: 'Members at month end',
    series: [
      { key: 'active', label: 'Active', kind: 'integer' },
      { key: 'paused', label: 'Paused', kind: 'integer' },
      { key: 'expired', label: 'Expired', kind: 'integer' },
    ],
    points: points.map((p) => ({
      month: monthDay(p.month),
      active: p.active,
      paused: p.paused,
      expired: p.expired,
    })),
  };
}

export function revenueChart(months: ReadonlyArray<RevenueMonth>, byCategory = false): ReportChart {
  return {
    kind: byCategory ? 'stacked-bar' : 'bar',
    title: byCategory ? 'Revenue by month and category' : 'Revenue by month',
    xKey: 'month',
    xKind: 'date',
    unit: 'US dollars, paid minus refunded',
    series: byCategory
      ? [
          { key: 'memberships', label: 'Memberships', kind: 'money' },
          { key: 'packs', label: 'Class packs', kind: 'money' },
          { key: 'dropIns', label: 'Drop-ins', kind: 'money' },
          { key: 'retail', label: 'Retail', kind: 'money' },
          { key: 'fees', label: 'Fees', kind: 'money' },
        ]
      : [{ key: 'total', label: 'Revenue', kind: 'money' }],
    points: months.map((m) => ({
      month: monthDay(m.month),
      total: m.total,
      memberships: m.memberships,
      packs: m.packs,
      dropIns: m.dropIns,
      retail: m.retail,
      fees: m.fees,
    })),
  };
}

/** "6 AM", "12 PM", "11 PM". */
export function hourLabel(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h} ${hour < 12 ? 'AM' : 'PM'}`;
}

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

export function visitsByHourChart(cells: ReadonlyArray<AttendanceCell>): ReportChart {
  const totals = Array.from({ length: 24 }, () => 0);
  for (const c of cells) totals[c.hour] = (totals[c.hour] ?? 0) + c.visits;
  return {
    kind: 'bar',
    title: 'Visits by hour of day',
    xKey: 'hour',
    xKind: 'text',
    unit: 'Visits',
    series: [{ key: 'visits', label: 'Visits', kind: 'integer' }],
    points: totals.map((visits, hour) => ({ hour: hourLabel(hour), visits })),
  };
}

export function visitsByWeekdayChart(cells: ReadonlyArray<AttendanceCell>): ReportChart {
  const totals = Array.from({ length: 7 }, () => 0);
  for (const c of cells) totals[c.weekday - 1] = (totals[c.weekday - 1] ?? 0) + c.visits;
  return {
    kind: 'bar',
    title: 'Visits by weekday',
    xKey: 'weekday',
    xKind: 'text',
    unit: 'Visits',
    series: [{ key: 'visits', label: 'Visits', kind: 'integer' }],
    points: totals.map((visits, i) => ({ weekday: WEEKDAYS[i]!, visits })),
  };
}

/**
 * The busiest two consecutive hours over all weekdays ("6 PM – 8 PM"), and the busiest weekday
 * with its busiest hour; null without visits. Ties go to the earlier hour.
 */
export function peakHours(cells: ReadonlyArray<AttendanceCell>) {
  if (cells.length === 0) return null;
  const byHour = Array.from({ length: 24 }, () => 0);
  for (const c of cells) byHour[c.hour] = (byHour[c.hour] ?? 0) + c.visits;
  let best = 0;
  for (let h = 1; h < 23; h += 1)
    if (byHour[h]! + byHour[h + 1]! > byHour[best]! + byHour[best + 1]!) best = h;
  let top = cells[0]!;
  for (const c of cells) if (c.visits > top.visits) top = c;
  return {
    window: `${hourLabel(best)} – ${hourLabel((best + 2) % 24)}`,
    visits: byHour[best]! + byHour[best + 1]!,
    busiest: `${WEEKDAYS[top.weekday - 1]} ${hourLabel(top.hour)}`,
  };
}

export function utilisationChart(
  weeks: ReadonlyArray<{ week: string; percent: number | null }>,
): ReportChart {
  return {
    kind: 'bar',
    title: 'Class utilisation',
    xKey: 'week',
    xKind: 'date',
    unit: 'Percent of places taken',
    series: [{ key: 'percent', label: 'Utilisation', kind: 'percent' }],
    points: weeks.map((w) => ({ week: w.week, percent: w.percent })),
  };
}

export function utilisationByNameChart(
  title: string,
  rows: ReadonlyArray<Pick<ClassPerformance, 'name' | 'percent'>>,
): ReportChart {
  return {
    kind: 'bar',
    title,
    xKey: 'name',
    xKind: 'text',
    unit: 'Percent of places taken',
    series: [{ key: 'percent', label: 'Utilisation', kind: 'percent' }],
    points: rows.map((r) => ({ name: r.name, percent: r.percent })),
  };
}

export function movementChart(months: ReadonlyArray<MemberMovement>): ReportChart {
  return {
    kind: 'bar',
    title: 'Members added and lost',
    xKey: 'month',
    xKind: 'date',
    unit: 'Members',
    series: [
      { key: 'added', label: 'Added', kind: 'integer' },
      { key: 'lost', label: 'Lost', kind: 'integer' },
    ],
    points: months.map((m) => ({ month: monthDay(m.month), added: m.added, lost: m.lost })),
  };
}

export function mrrChart(months: ReadonlyArray<MrrMonth>): ReportChart {
  return {
    kind: 'line',
    title: 'Monthly recurring revenue',
    xKey: 'month',
    xKind: 'date',
    unit: 'US dollars a month, at month end',
    series: [{ key: 'mrr', label: 'MRR', kind: 'money' }],
    points: months.map((m) => ({ month: monthDay(m.month), mrr: m.mrr })),
  };
}

export function mrrMovementChart(months: ReadonlyArray<MrrMonth>): ReportChart {
  return {
    kind: 'bar',
    title: 'MRR movement',
    xKey: 'month',
    xKind: 'date',
    unit: 'US dollars a month',
    series: [
      { key: 'new', label: 'New', kind: 'money' },
      { key: 'churned', label: 'Churned', kind: 'money' },
      { key: 'net', label: 'Net', kind: 'money' },
    ],
    points: months.map((m) => ({
      month: monthDay(m.month),
      new: m.new,
      churned: m.churned,
      net: m.net,
    })),
  };
}

export function perMemberChart(
  rows: ReadonlyArray<{ month: string; average: string | null }>,
): ReportChart {
  return {
    kind: 'bar',
    title: 'Revenue per active member',
    xKey: 'month',
    xKind: 'date',
    unit: 'US dollars per member active at month end',
    series: [{ key: 'average', label: 'Per member', kind: 'money' }],
    points: rows.map((r) => ({ month: monthDay(r.month), average: r.average })),
  };
}
