import { TZDate } from '@date-fns/tz';
import type { ReportValueKind } from '@fitbase/domain/contracts/reports';
import { formatDollars } from '@fitbase/domain/savings';
import {
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  formatDateTime as formatStudioDateTime,
  formatDay as formatStudioDay,
  formatMoney as formatStudioMoney,
  type StudioFormat,
} from '@fitbase/domain/studio-format';
import { format } from 'date-fns';

/**
 * How reports and analytics show a value of each kind (packages/domain/src/contracts/reports.ts):
 * money as "$1,234.50" / "-$10.00" from its exact decimal string (never through a float), dates
 * as plain calendar days, instants in the studio's time zone.
 */

export type ChartCell = string | number | null;

/** Time buckets of a date axis: a day, the week starting on it, or the month starting on it. */
export type DateBucket = 'day' | 'week' | 'month';

const EMPTY = '–';

/** A YYYY-MM-DD day as a local noon, so formatting never slips to the day before. */
function floatingDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12);
}

/**
 * The studio's way of writing values (useStudioFormat()); a bare time zone keeps the product's
 * original USD/en-US writing for callers not yet given the studio's format.
 */
export type ValueFormat = StudioFormat | string | undefined;

export function formatMoney(value: string | number, studio?: StudioFormat): string {
  // A chart's numbers are floats of exact amounts: three decimals keep a fils, and Intl rounds
  // to the currency's own (a cent, a yen).
  const text = typeof value === 'number' ? value.toFixed(studio ? 3 : 2) : value;
  try {
    if (studio) return formatStudioMoney(text, studio);
    return formatDollars(text);
  } catch {
    // Not an exact amount (should not happen): show what came rather than a wrong figure.
    return text;
  }
}

export function formatDay(day: string): string {
  const date = floatingDay(day);
  return date ? format(date, 'MMM d, yyyy') : day;
}

/** Any cell, fully written out: table cells, figure cards and the chart's tooltip. */
export function formatValue(kind: ReportValueKind, value: ChartCell, fmt?: ValueFormat): string {
  if (value === null || value === '') return EMPTY;
  const studio = typeof fmt === 'object' ? fmt : undefined;
  const timeZone = typeof fmt === 'object' ? fmt.timeZone : fmt;
  const locale = studio?.locale ?? 'en-US';
  switch (kind) {
    case 'money':
      return formatMoney(value, studio);
    case 'integer':
      return Number(value).toLocaleString(locale);
    case 'percent':
      return `${Number(value).toLocaleString(locale, { maximumFractionDigits: 1 })}%`;
    case 'date':
      return studio && /^\d{4}-\d{2}-\d{2}$/.test(String(value))
        ? formatStudioDay(String(value), studio)
        : formatDay(String(value));
    case 'datetime': {
      const instant = new Date(String(value));
      if (Number.isNaN(instant.getTime())) return String(value);
      if (studio) return formatStudioDateTime(instant, studio);
      const zoned = timeZone ? new TZDate(instant, timeZone) : instant;
      return format(zoned, 'MMM d, yyyy h:mm a');
    }
    default:
      return String(value);
  }
}

/**
 * A chart's date labels, by bucket, in the studio's locale: "Nov 16" / "16. Nov." (day),
 * "Week of Nov 16" or "Nov 2026" / "Nov. 2026" (month).
 */
export function formatBucket(
  day: string,
  bucket: DateBucket,
  short = false,
  locale: string = DEFAULT_LOCALE,
): string {
  const date = floatingDay(day);
  if (!date) return day;
  const write = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, options).format(date);
  if (bucket === 'month') return write({ month: 'short', year: short ? '2-digit' : 'numeric' });
  const monthDay = write({ month: 'short', day: 'numeric' });
  if (bucket === 'week') return short ? monthDay : `Week of ${monthDay}`;
  return monthDay;
}

/** The bucket of a date axis, read from the spacing of its points (a month apart, a week, a day). */
export function inferBucket(days: ReadonlyArray<string>): DateBucket {
  if (days.length < 2) return 'day';
  const a = floatingDay(days[0]!);
  const b = floatingDay(days[1]!);
  if (!a || !b) return 'day';
  const gap = Math.round((b.getTime() - a.getTime()) / 86_400_000);
  if (gap >= 28) return 'month';
  if (gap >= 7) return 'week';
  return 'day';
}

/**
 * Axis ticks: short, so they stay readable on a 360 px screen ("$1.2k", "12.5k"). A studio in
 * another currency or locale gets Intl's compact writing ("13.000 €", "1,3 Mio. €", "￥1.3万").
 */
export function formatAxisValue(
  kind: ReportValueKind,
  value: number,
  studio?: Pick<StudioFormat, 'currency' | 'locale'>,
): string {
  if (studio && (studio.currency !== DEFAULT_CURRENCY || studio.locale !== DEFAULT_LOCALE)) {
    const compact = new Intl.NumberFormat(studio.locale, {
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
      ...(kind === 'money' ? { style: 'currency', currency: studio.currency } : {}),
    }).format(value);
    return kind === 'percent' ? `${compact}%` : compact;
  }
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  const compact =
    abs >= 1_000_000
      ? `${trim(abs / 1_000_000)}M`
      : abs >= 1_000
        ? `${trim(abs / 1_000)}k`
        : kind === 'money'
          ? trim(abs)
          : abs.toLocaleString('en-US', { maximumFractionDigits: 1 });
  if (kind === 'money') return `${sign}$${compact}`;
  if (kind === 'percent') return `${sign}${compact}%`;
  return `${sign}${compact}`;
}

function trim(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

/** A cell as a number for plotting only (the exact string is what tables and tooltips show). */
export function plotNumber(value: ChartCell): number | null {
  if (value === null || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}
