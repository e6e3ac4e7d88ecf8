import { DEFAULT_LOCALE } from '@fitbase/domain/studio-format';
import { capacityLevel, type CapacityLevel } from '@fitbase/domain/schedule-constants';

/**
 * Capacity colours (docs/product/dashboards.md#studio-home): 90% booked and above red, 70
 * orange, 50 yellow, below green. The colour always comes with the numbers, never alone, and
 * each text and background pair meets WCAG AA contrast.
 */
const LEVEL_CLASSES: Record<CapacityLevel, { badge: string; bar: string }> = {
  red: { badge: 'border-red-300 bg-red-100 text-red-900', bar: 'bg-red-600' },
  orange: { badge: 'border-orange-300 bg-orange-100 text-orange-900', bar: 'bg-orange-500' },
  yellow: { badge: 'border-yellow-300 bg-yellow-100 text-yellow-900', bar: 'bg-yellow-500' },
  green: { badge: 'border-green-300 bg-green-100 text-green-900', bar: 'bg-green-600' },
};

export interface SessionCapacity {
  /** Whole percent of the places taken; 0 without capacity, above 100 never shown. */
  percent: number;
  level: CapacityLevel;
  badgeClassName: string;
  barClassName: string;
}

export function sessionCapacity(booked: number, capacity: number): SessionCapacity {
  const percent = capacity > 0 ? Math.min(100, Math.round((booked / capacity) * 100)) : 0;
  const level = capacityLevel(booked, capacity);
  return {
    percent,
    level,
    badgeClassName: LEVEL_CLASSES[level].badge,
    barClassName: LEVEL_CLASSES[level].bar,
  };
}

/** "7:00 AM – 8:00 AM" (or "07:00 – 08:00") in the studio's time zone and locale. */
export function sessionTimeRange(
  startsAt: string,
  endsAt: string,
  timeZone: string,
  locale: string = DEFAULT_LOCALE,
): string {
  const format = new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });
  return `${format.format(new Date(startsAt))} \u2013 ${format.format(new Date(endsAt))}`;
}

/** The date badge of a session: weekday and day of the month in the studio's time zone. */
export function dateBadge(
  startsAt: string,
  timeZone: string,
  locale: string = DEFAULT_LOCALE,
): { weekday: string; day: string } {
  const date = new Date(startsAt);
  return {
    weekday: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone }).format(date),
    day: new Intl.DateTimeFormat(locale, { day: 'numeric', timeZone }).format(date),
  };
}

/** "Mar 5, 2026" for a local date (YYYY-MM-DD), read as that calendar day wherever it is shown. */
export function formatLocalDate(day: string, locale: string = DEFAULT_LOCALE): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, date)));
}
