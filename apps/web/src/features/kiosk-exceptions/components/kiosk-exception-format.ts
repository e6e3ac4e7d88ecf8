import { DEFAULT_LOCALE, formatDateTime } from '@fitbase/domain/studio-format';

/** "Nov 23, 2026, 4:05 PM" / "23.11.2026, 16:05" for an instant, in the studio's zone and locale. */
export function formatInstant(
  iso: string,
  timeZone: string,
  locale: string = DEFAULT_LOCALE,
): string {
  return formatDateTime(iso, { timeZone, locale });
}

/** "Nov 23, 4:05 PM": a session's start, in the studio's time zone and locale. */
export function formatSessionStart(
  iso: string,
  timeZone: string,
  locale: string = DEFAULT_LOCALE,
): string {
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}
