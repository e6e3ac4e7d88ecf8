import { TZDate } from '@date-fns/tz';
import {
  formatTime as formatStudioTime,
  formatTimeRange as formatStudioTimeRange,
} from '@fitbase/domain/studio-format';
import { format } from 'date-fns';

/**
 * Calendar arithmetic of /schedule in the organization's time zone (docs/product/schedule.md).
 * Local dates travel as 'YYYY-MM-DD' strings; instants are ISO strings from the API.
 */
export type ScheduleView = 'week' | 'day';

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLocalDate(value: string | null | undefined): value is string {
  const m = value ? LOCAL_DATE.exec(value) : null;
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

function floating(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** A local date plus `days` calendar days. */
export function addLocalDays(date: string, days: number): string {
  const d = floating(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  return weekStartOf(date, 1);
}

/**
 * The first day of the week holding `date`, weeks starting on `weekStartsOn` (0 = Sunday …
 * 6 = Saturday): the studio's `firstDayOfWeek(locale)` (ADR 0038), Sunday for en-US, Monday
 * for de-DE, like the header's This Week count.
 */
export function weekStartOf(date: string, weekStartsOn: number): string {
  return addLocalDays(date, -((floating(date).getUTCDay() - weekStartsOn + 7) % 7));
}

/** Today's local date in the time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), timeZone), 'yyyy-MM-dd');
}

/** The local date of an instant in the time zone. */
export function localDateOf(instant: string, timeZone: string): string {
  return format(new TZDate(instant, timeZone), 'yyyy-MM-dd');
}

/** Minutes after local midnight of an instant in the time zone. */
export function localMinutesOf(instant: string, timeZone: string): number {
  const z = new TZDate(instant, timeZone);
  return z.getHours() * 60 + z.getMinutes();
}

/**
 * 24-hour local time, '07:00': the value an `<input type="time">` takes whatever the locale (the
 * browser draws the field its own way). Text on screen goes through formatTime.
 */
export function inputTime(instant: string, timeZone: string): string {
  return format(new TZDate(instant, timeZone), 'HH:mm');
}

/** A time of day in the studio's locale and zone (ADR 0038): '7:00 AM' (en-US), '07:00' (de-DE). */
export function formatTime(instant: string, timeZone: string, locale: string): string {
  return formatStudioTime(instant, { locale, timeZone });
}

/** A session's times in the studio's locale: '7:00 – 8:00 AM' (en-US), '07:00–08:00' (en-GB). */
export function formatTimeRange(
  startsAt: string,
  endsAt: string,
  timeZone: string,
  locale: string,
): string {
  return formatStudioTimeRange(startsAt, endsAt, { locale, timeZone });
}

/**
 * A wall-clock time of day as stored ("17:00": a class's start, a trainer's hours) in the
 * locale: '5:00 PM' (en-US), '17:00' (de-DE). No zone: it is the same time on every date.
 */
export function formatWallTime(time: string, locale: string): string {
  return formatStudioTime(`2000-01-01T${time}:00Z`, { locale, timeZone: 'UTC' });
}

/** Two wall-clock times as a range: '9:00 AM – 5:00 PM' (en-US), '09:00–17:00 Uhr' (de-DE). */
export function formatWallTimeRange(start: string, end: string, locale: string): string {
  if (end <= start) return `${formatWallTime(start, locale)} \u2013 ${formatWallTime(end, locale)}`;
  return formatStudioTimeRange(`2000-01-01T${start}:00Z`, `2000-01-01T${end}:00Z`, {
    locale,
    timeZone: 'UTC',
  });
}

/**
 * A whole hour of the grid's scale (0–23, wall clock): '7 AM' where the locale counts 12 hours,
 * '07:00' (de-DE) or '7:00' (ja-JP) where it counts 24, so the scale reads like the blocks.
 */
export function formatHour(hour: number, locale: string): string {
  const at = new Date(Date.UTC(2000, 0, 1, hour));
  const twelve = new Intl.DateTimeFormat(locale, { hour: 'numeric', timeZone: 'UTC' });
  const cycle = twelve.resolvedOptions().hourCycle;
  if (cycle === 'h12' || cycle === 'h11') return twelve.format(at);
  return formatStudioTime(at, { locale, timeZone: 'UTC' });
}

/** The instant local midnight of `date` is in the time zone, as ISO. */
export function startOfLocalDay(date: string, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, timeZone).getTime()).toISOString();
}

/**
 * 'Mon' and similar English labels of a local date (no time zone involved): only for the
 * calendar's weekday headers and weekday names in English sentences; dates themselves go through
 * formatLocalDay in the studio's locale.
 */
export function formatLocalDate(date: string, pattern: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d), pattern);
}

/** A local date as midnight UTC, so writing it with timeZone 'UTC' never moves it a day. */
function utcDay(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/**
 * A local date in the studio's locale (ADR 0038): with { weekday: 'short', month: 'short',
 * day: 'numeric' }, 'Mon, Jun 2' (en-US), 'Mo., 2. Juni' (de-DE).
 */
export function formatLocalDay(
  date: string,
  locale: string,
  options: Intl.DateTimeFormatOptions,
): string {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(utcDay(date));
}

export interface ScheduleRange {
  /** The local dates shown, in order. */
  days: string[];
  /** ISO instants for GET /api/sessions (from inclusive, to exclusive). */
  from: string;
  to: string;
}

/**
 * The days a view shows around `date`, and the instants that bound them; a week starts on the
 * studio's first day of the week (Monday unless given).
 */
export function scheduleRange(
  view: ScheduleView,
  date: string,
  timeZone: string,
  weekStartsOn = 1,
): ScheduleRange {
  const first = view === 'week' ? weekStartOf(date, weekStartsOn) : date;
  const count = view === 'week' ? 7 : 1;
  const days = Array.from({ length: count }, (_, i) => addLocalDays(first, i));
  return {
    days,
    from: startOfLocalDay(first, timeZone),
    to: startOfLocalDay(addLocalDays(first, count), timeZone),
  };
}

/** The date one step back or forward: a week in the week view, a day in the day view. */
export function stepDate(view: ScheduleView, date: string, direction: -1 | 1): string {
  return addLocalDays(date, direction * (view === 'week' ? 7 : 1));
}

/**
 * The heading of the range in the studio's locale: 'Jun 2 – 8, 2025' or 'Monday, June 2, 2025'
 * (en-US), '2.–8. Juni 2025' or 'Montag, 2. Juni 2025' (de-DE). Intl's range writing leaves out
 * what the two ends share (the month, the year), as each locale does.
 */
export function rangeTitle(view: ScheduleView, days: string[], locale: string): string {
  const first = days[0]!;
  if (view === 'day') return formatLocalDay(first, locale, { dateStyle: 'full' });
  const last = days[days.length - 1]!;
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(utcDay(first), utcDay(last));
}
