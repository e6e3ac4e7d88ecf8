import { addDays, localDateOf, zonedInstant } from '@fitbase/domain/recurrence';
import { firstDayOfWeek } from '@fitbase/domain/studio-format';
import type { Span } from './dashboard.queries.ts';

/**
 * Today, tomorrow and this week as instants, from local midnights in the organization's time
 * zone, so a day boundary falls where the studio sees it (across daylight-saving changes too),
 * whatever the server's own zone. The week starts on the locale's first day (Sunday in the US,
 * Monday in Germany, Saturday in Egypt), as the schedule's week view does (ADR 0038).
 */
export function orgDays(timeZone: string, locale: string, now = new Date()) {
  const today = localDateOf(now, timeZone);
  const midnight = (date: string) => zonedInstant(date, '00:00', timeZone);
  const span = (from: string, days: number): Span => ({
    start: midnight(from),
    end: midnight(addDays(from, days)),
  });
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const weekStart = addDays(today, -((weekday - firstDayOfWeek(locale) + 7) % 7));
  return {
    today,
    todaySpan: span(today, 1),
    tomorrowSpan: span(addDays(today, 1), 1),
    weekSpan: span(weekStart, 7),
  };
}
