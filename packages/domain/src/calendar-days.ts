import { TZDate } from '@date-fns/tz';

/**
 * Local calendar days (YYYY-MM-DD) without rrule: the browser bundle cannot load rrule (it ships
 * CommonJS only), so rules the web app runs (report-rules.ts: the period selector) take their day
 * arithmetic from here rather than from recurrence.ts. Same results as recurrence.ts's helpers of
 * the same names.
 */

function utcDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  const d = utcDay(date);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

/** Monday of the local week that holds `date` (weeks run Monday to Sunday). */
export function mondayOf(date: string): string {
  const weekday = utcDay(date).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** The first day of `date`'s week when weeks start on `weekStartsOn` (0 = Sunday … 6 = Saturday). */
export function weekStartOf(date: string, weekStartsOn: number): string {
  const weekday = utcDay(date).getUTCDay();
  return addDays(date, -((weekday - weekStartsOn + 7) % 7));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to).getTime() - utcDay(from).getTime()) / 86_400_000);
}

/** The local calendar date of an instant in `timeZone`. */
export function localDateOf(instant: Date, timeZone: string): string {
  const z = new TZDate(instant.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${z.getFullYear()}-${pad(z.getMonth() + 1)}-${pad(z.getDate())}`;
}
