import { addDays, localDateOf, mondayOf, zonedInstant } from '@fitbase/domain/recurrence';
import type { Span } from './dashboard.queries.ts';

/**
 * Today, tomorrow and this week (Monday to Sunday) as instants, from local midnights in the
 * organization's time zone, so a day boundary falls where the studio sees it (across
 * daylight-saving changes too), whatever the server's own zone.
 */
export function orgDays(timeZone: string, now = new Date()) {
  const today = localDateOf(now, timeZone);
  const midnight = (date: string) => zonedInstant(date, '00:00', timeZone);
  const span = (from: string, days: number): Span => ({
    start: midnight(from),
    end: midnight(addDays(from, days)),
  });
  const monday = mondayOf(today);
  return {
    today,
    todaySpan: span(today, 1),
    tomorrowSpan: span(addDays(today, 1), 1),
    weekSpan: span(monday, 7),
  };
}
