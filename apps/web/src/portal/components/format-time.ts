import { formatTimeRange as formatStudioTimeRange } from '@fitbase/domain/studio-format';

/**
 * Dates and times of the portal, always in the studio's time zone (a member abroad still sees
 * the class at the studio's clock) and written the studio's way, as Settings → General chose:
 * "Tue, Dec 9, 6:00 PM" (en-US), "Tue 9 Dec, 18:00" (en-GB), "Di., 9. Dez., 18:00" (de-DE).
 * `locale` is the portal studio's (usePortalLocale()).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function format(
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, found);
  }
  return found;
}

const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const SHORT_DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };
const DATE: Intl.DateTimeFormatOptions = { ...SHORT_DAY, year: 'numeric' };

/** '6:00 PM', '18:00' */
export function formatTime(iso: string, timeZone: string, locale: string): string {
  return format(locale, timeZone, TIME).format(new Date(iso));
}

/**
 * '6:00 – 7:00 PM' (en-US), '18:00–19:00 Uhr' (de-DE): Intl's range writing, as the staff
 * schedule and the kiosk write a class's times (the domain's formatTimeRange).
 */
export function formatTimeRange(
  startsAt: string,
  endsAt: string,
  timeZone: string,
  locale: string,
): string {
  return formatStudioTimeRange(startsAt, endsAt, { locale, timeZone });
}

/** 'Tuesday, December 9', 'Tuesday 9 December' */
export function formatDayHeading(iso: string, timeZone: string, locale: string): string {
  return format(locale, timeZone, { weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(iso),
  );
}

/** 'Tue, Dec 9, 6:00 PM', 'Tue 9 Dec, 18:00' */
export function formatDayTime(iso: string, timeZone: string, locale: string): string {
  return format(locale, timeZone, { ...SHORT_DAY, ...TIME }).format(new Date(iso));
}

/** 'Tue, Dec 9, 2025', 'Tue 9 Dec 2025' */
export function formatDate(iso: string, timeZone: string, locale: string): string {
  return format(locale, timeZone, DATE).format(new Date(iso));
}

/** 'Sat, Mar 14, 2026': a calendar day (YYYY-MM-DD) as it is, in no time zone. */
export function formatCalendarDate(day: string, locale: string): string {
  return format(locale, 'UTC', DATE).format(new Date(`${day}T12:00:00Z`));
}

/** The calendar day (YYYY-MM-DD) of an instant in the studio's zone. */
export function dayKey(iso: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(
    typeof iso === 'string' ? new Date(iso) : iso,
  );
}

/** A calendar day (YYYY-MM-DD) moved by whole days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** 'Dec 8 – Dec 14', '8 Dec – 14 Dec': a week from its first and last days (YYYY-MM-DD). */
export function formatWeekRange(from: string, to: string, locale: string): string {
  const f = format(locale, 'UTC', { day: 'numeric', month: 'short' });
  return `${f.format(new Date(`${from}T12:00:00Z`))} – ${f.format(new Date(`${to}T12:00:00Z`))}`;
}
