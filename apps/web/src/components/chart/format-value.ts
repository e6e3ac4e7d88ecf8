import type { ReportValueKind } from '@fitbase/domain/contracts/reports';
import {
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  formatDateTime as formatStudioDateTime,
  formatDay as formatStudioDay,
  formatMoney as formatStudioMoney,
  type StudioFormat,
} from '@fitbase/domain/studio-format';

/**
 * How reports and analytics show a value of each kind (packages/domain/src/contracts/reports.ts),
 * always in the studio's format (ADR 0038): money as "$1,234.50" / "-1.234,50 €" from its exact
 * decimal string (never through a float), dates as plain calendar days, instants in the studio's
 * (or the report's) time zone.
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

/** Money in the studio's currency and locale: "$1,234.50", "1.234,50 €". */
export function formatMoney(
  value: string | number,
  studio: Pick<StudioFormat, 'currency' | 'locale'>,
): string {
  // A chart's numbers are floats of exact amounts: three decimals keep a fils, and Intl rounds
  // to the currency's own (a cent, a yen).
  const text = typeof value === 'number' ? value.toFixed(3) : value;
  try {
    return formatStudioMoney(text, studio);
  } catch {
    // Not an exact amount (should not happen): show what came rather than a wrong figure.
    return text;
  }
}

/** A YYYY-MM-DD day in the studio's locale ("Nov 23, 2026", "23.11.2026"); anything else as is. */
export function formatDay(day: string, studio: Pick<StudioFormat, 'locale'>): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatStudioDay(day, studio) : day;
}

/**
 * Any cell, fully written out: table cells, figure cards and the chart's tooltip, in the studio's
 * format (useStudioFormat(), with the report's time zone where it has one).
 */
export function formatValue(kind: ReportValueKind, value: ChartCell, studio: StudioFormat): string {
  if (value === null || value === '') return EMPTY;
  switch (kind) {
    case 'money':
      return formatMoney(value, studio);
    case 'integer':
      return Number(value).toLocaleString(studio.locale);
    case 'percent':
      return `${Number(value).toLocaleString(studio.locale, { maximumFractionDigits: 1 })}%`;
    case 'date':
      return formatDay(String(value), studio);
    case 'datetime': {
      const instant = new Date(String(value));
      if (Number.isNaN(instant.getTime())) return String(value);
      return formatStudioDateTime(instant, studio);
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
  locale: string,
  short = false,
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
  studio: Pick<StudioFormat, 'currency' | 'locale'>,
): string {
  if (studio.currency !== DEFAULT_CURRENCY || studio.locale !== DEFAULT_LOCALE) {
    const compact = new Intl.NumberFormat(studio.locale, {
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
      ...(kind === 'money' ? { style: 'currency', currency: studio.currency } : {}),
    }).format(value);
    return kind === 'percent' ? `${compact}%` : compact;
  }
  // The product's own short writing, kept for studios in US dollars and en-US.
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  const compact =
    abs >= 1_000_000
      ? `${trim(abs / 1_000_000)}M`
      : abs >= 1_000
        ? `${trim(abs / 1_000)}k`
        : kind === 'money'
          ? trim(abs)
          : abs.toLocaleString(DEFAULT_LOCALE, { maximumFractionDigits: 1 });
  if (kind === 'money') return `${sign}$${compact}`;
  if (kind === 'percent') return `${sign}${compact}%`;
  return `${sign}${compact}`;
}

function trim(n: number): string {
  return n.toLocaleString(DEFAULT_LOCALE, { maximumFractionDigits: 1 });
}

/** A cell as a number for plotting only (the exact string is what tables and tooltips show). */
export function plotNumber(value: ChartCell): number | null {
  if (value === null || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}
