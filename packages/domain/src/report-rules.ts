import { addMonths, addYears, endOfMonth, format, startOfQuarter } from 'date-fns';
// calendar-days.ts, not recurrence.ts: the web app runs these rules and cannot bundle rrule.
import { addDays, daysBetween, weekStartOf } from './calendar-days.ts';
import { firstDayOfWeek } from './studio-format.ts';
import type { MembershipState, PlanKind } from './money-constants.ts';
import type { MemberReportStatus, MembershipOrigin } from './report-catalog.ts';

/**
 * Pure rules of the reports (docs/product/reports-and-analytics.md): the period a selector
 * means, how a chart buckets it, and the membership definitions the SQL computes. The SQL is
 * tested against these functions, so the words of report-catalog.ts, this code and the
 * database agree. Dates are local calendar dates (YYYY-MM-DD) in the studio's time zone.
 */

export const REPORT_PERIODS = ['week', 'month', 'quarter', 'year', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
  custom: 'Custom',
};
export const DEFAULT_REPORT_PERIOD: ReportPeriod = 'month';
/** A custom period may span at most this many days (two years), so every report stays bounded. */
export const CUSTOM_PERIOD_MAX_DAYS = 731;

export type ChartBucket = 'day' | 'week' | 'month';

export interface ResolvedPeriod {
  period: ReportPeriod;
  /** First day, included. */
  from: string;
  /** Last day, included. */
  to: string;
  /** How a time chart of this period groups its points. */
  bucket: ChartBucket;
  /** "Nov 2026", "Nov 16 – Nov 22, 2026", "Q4 2026", "2026". */
  label: string;
  /** The locale's first day of the week (0 = Sunday): where a week and a weekly bucket start. */
  weekStartsOn: number;
}

const floating = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d!, 12);
};
const iso = (d: Date) => format(d, 'yyyy-MM-dd');

export function bucketFor(from: string, to: string): ChartBucket {
  const days = daysBetween(from, to) + 1;
  if (days <= 62) return 'day';
  if (days <= 190) return 'week';
  return 'month';
}

/** A calendar day in the locale with the given fields (UTC midnight: no zone moves the day). */
const dayIn = (day: string, locale: string, fields: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { ...fields, timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
const SHORT_DAY = { month: 'short', day: 'numeric' } as const;
const SHORT_DATE = { ...SHORT_DAY, year: 'numeric' } as const;

/**
 * The period's name in the studio's locale: "Nov 2026" / "Nov. 2026", "Nov 16 – Nov 22, 2026" /
 * "16. Nov. – 22. Nov. 2026". Quarters keep "Q4 2026", which no locale data names.
 */
function labelOf(period: ReportPeriod, from: string, to: string, locale: string): string {
  switch (period) {
    case 'month':
      return dayIn(from, locale, { month: 'short', year: 'numeric' });
    case 'quarter':
      return `Q${Math.floor((Number(from.slice(5, 7)) - 1) / 3) + 1} ${from.slice(0, 4)}`;
    case 'year':
      return dayIn(from, locale, { year: 'numeric' });
    default:
      return `${dayIn(from, locale, from.slice(0, 4) === to.slice(0, 4) ? SHORT_DAY : SHORT_DATE)} – ${dayIn(to, locale, SHORT_DATE)}`;
  }
}

/**
 * The period holding `anchor` (the week from the locale's first day, calendar month, quarter or year), or the
 * custom days `from`..`to`. Returns a message a person can act on when the custom days are wrong.
 */
export function resolvePeriod(input: {
  period: ReportPeriod;
  anchor: string;
  from?: string;
  to?: string;
  /** The studio's locale, which names the period. */
  locale: string;
}): ResolvedPeriod | { error: string } {
  const { period, anchor } = input;
  const weekStartsOn = firstDayOfWeek(input.locale);
  let from: string;
  let to: string;
  switch (period) {
    case 'week':
      from = weekStartOf(anchor, weekStartsOn);
      to = addDays(from, 6);
      break;
    case 'month':
      from = `${anchor.slice(0, 7)}-01`;
      to = iso(endOfMonth(floating(from)));
      break;
    case 'quarter':
      from = iso(startOfQuarter(floating(anchor)));
      to = iso(endOfMonth(addMonths(floating(from), 2)));
      break;
    case 'year':
      from = `${anchor.slice(0, 4)}-01-01`;
      to = `${anchor.slice(0, 4)}-12-31`;
      break;
    case 'custom': {
      if (!input.from || !input.to) return { error: 'Choose a start and an end date.' };
      if (input.to < input.from) return { error: 'The end date is before the start date.' };
      if (daysBetween(input.from, input.to) + 1 > CUSTOM_PERIOD_MAX_DAYS)
        return { error: 'A custom period can span at most two years (731 days).' };
      from = input.from;
      to = input.to;
      break;
    }
  }
  return {
    period,
    from,
    to,
    bucket: bucketFor(from, to),
    label: labelOf(period, from, to, input.locale),
    weekStartsOn,
  };
}

/** The period just before: the previous week, month, quarter or year; custom: as many days. */
export function previousPeriod(p: ResolvedPeriod, locale: string): ResolvedPeriod {
  let from: string;
  let to: string;
  switch (p.period) {
    case 'week':
      from = addDays(p.from, -7);
      to = addDays(p.to, -7);
      break;
    case 'month':
    case 'quarter':
    case 'year': {
      const months = p.period === 'month' ? 1 : p.period === 'quarter' ? 3 : 12;
      from = iso(
        p.period === 'year' ? addYears(floating(p.from), -1) : addMonths(floating(p.from), -months),
      );
      to = addDays(p.from, -1);
      break;
    }
    case 'custom': {
      const days = daysBetween(p.from, p.to) + 1;
      to = addDays(p.from, -1);
      from = addDays(to, -(days - 1));
      break;
    }
  }
  return {
    period: p.period,
    from,
    to,
    bucket: p.bucket,
    label: labelOf(p.period, from, to, locale),
    weekStartsOn: p.weekStartsOn,
  };
}

/** The first day of each chart point of a period (its bucket), in order. */
export function bucketStarts(p: {
  from: string;
  to: string;
  bucket: ChartBucket;
  weekStartsOn: number;
}): string[] {
  const starts: string[] = [];
  let day =
    p.bucket === 'day'
      ? p.from
      : p.bucket === 'week'
        ? weekStartOf(p.from, p.weekStartsOn)
        : `${p.from.slice(0, 7)}-01`;
  while (day <= p.to) {
    starts.push(day);
    day =
      p.bucket === 'day'
        ? addDays(day, 1)
        : p.bucket === 'week'
          ? addDays(day, 7)
          : iso(addMonths(floating(day), 1));
  }
  return starts;
}

// ---------------------------------------------------------------------------------------------
// Membership history (the definitions of report-catalog.ts, for one member)

export interface MembershipSpan {
  kind: PlanKind;
  status: MembershipState;
  startDate: string;
  /** Null: open-ended. */
  endDate: string | null;
  /** Pauses: the first paused day, and the first active day again (null: still paused). */
  pauses: ReadonlyArray<{ pausedOn: string; resumedOn: string | null }>;
}

/** The last day a membership covers: its end date; a stopped open-ended one ended on its start. */
export function lastCoveredDay(m: MembershipSpan): string | null {
  if (m.endDate !== null) return m.endDate;
  return m.status === 'cancelled' || m.status === 'expired' ? m.startDate : null;
}

/** Whether the membership covers `day` (add-ons never do: they give no access). */
export function coversDay(m: MembershipSpan, day: string): boolean {
  if (m.kind === 'add_on' || m.startDate > day) return false;
  const last = lastCoveredDay(m);
  return last === null || day <= last;
}

export function pausedOn(m: MembershipSpan, day: string): boolean {
  return m.pauses.some((p) => p.pausedOn <= day && (p.resumedOn === null || day < p.resumedOn));
}

/** A member's report status on `day`; null when they had no membership yet. */
export function memberStatusOn(
  memberships: ReadonlyArray<MembershipSpan>,
  day: string,
): MemberReportStatus | null {
  const access = memberships.filter((m) => m.kind !== 'add_on');
  const covering = access.filter((m) => coversDay(m, day));
  if (covering.length > 0) return covering.every((m) => pausedOn(m, day)) ? 'paused' : 'active';
  return access.some((m) => m.startDate <= day) ? 'expired' : null;
}

/**
 * First-Time, Returning or Continuing, for a membership that starts on `start`, from the
 * member's other memberships (all kinds): none started before → First-Time; one covered the
 * day before `start` → Continuing; else Returning.
 */
export function membershipOrigin(
  start: string,
  others: ReadonlyArray<Pick<MembershipSpan, 'startDate' | 'endDate' | 'status'>>,
): MembershipOrigin {
  const earlier = others.filter((m) => m.startDate < start);
  if (earlier.length === 0) return 'first_time';
  const dayBefore = addDays(start, -1);
  const covered = earlier.some((m) => {
    const last = lastCoveredDay({ ...m, kind: 'membership', pauses: [] });
    return last === null || last >= dayBefore;
  });
  return covered ? 'continuing' : 'returning';
}

/** Attrition: lost ÷ active at the start, as a percentage with one decimal; null when none. */
export function attritionPercent(lost: number, atStart: number): number | null {
  if (atStart === 0) return null;
  return Math.round((lost / atStart) * 1000) / 10;
}
