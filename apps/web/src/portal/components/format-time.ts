/**
 * Dates and times of the portal, always in the studio's time zone (a member abroad still sees
 * the class at the studio's clock), in the words of the server's own messages ("Tue 9 Dec, 17:00").
 */
const LOCALE = 'en-GB';
const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone });
    formats.set(key, found);
  }
  return found;
}

/** '18:00' */
export function formatTime(iso: string, timeZone: string): string {
  return format(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );
}

/** '18:00–19:00' */
export function formatTimeRange(startsAt: string, endsAt: string, timeZone: string): string {
  return `${formatTime(startsAt, timeZone)}–${formatTime(endsAt, timeZone)}`;
}

/** 'Tuesday 9 December' */
export function formatDayHeading(iso: string, timeZone: string): string {
  return format(timeZone, { weekday: 'long', day: 'numeric', month: 'long' })
    .format(new Date(iso))
    .replace(',', '');
}

/** 'Tue 9 Dec, 18:00' */
export function formatDayTime(iso: string, timeZone: string): string {
  const day = format(timeZone, { weekday: 'short', day: 'numeric', month: 'short' })
    .format(new Date(iso))
    .replace(',', '');
  return `${day}, ${formatTime(iso, timeZone)}`;
}

/** 'Tue 9 Dec 2025' */
export function formatDate(iso: string, timeZone: string): string {
  return format(timeZone, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' })
    .format(new Date(iso))
    .replace(',', '');
}

/** 'Sat 14 Mar 2026': a calendar day (YYYY-MM-DD) as it is, in no time zone. */
export function formatCalendarDate(day: string): string {
  return format('UTC', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' })
    .format(new Date(`${day}T12:00:00Z`))
    .replace(',', '');
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

/** '8 Dec – 14 Dec': a week from its first and last days (YYYY-MM-DD). */
export function formatWeekRange(from: string, to: string): string {
  const f = format('UTC', { day: 'numeric', month: 'short' });
  return `${f.format(new Date(`${from}T12:00:00Z`))} – ${f.format(new Date(`${to}T12:00:00Z`))}`;
}
