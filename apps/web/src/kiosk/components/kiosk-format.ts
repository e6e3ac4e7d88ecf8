import {
  formatTime as formatStudioTime,
  formatTimeRange as formatStudioTimeRange,
} from '@fitbase/domain/studio-format';

/*
 * A device paired before the kiosk was told the locale has none cached until it reads
 * /api/kiosk/me again: it keeps the British writing it had ('18:00'), like formatToday.
 */
const FALLBACK_LOCALE = 'en-GB';

/**
 * A time on the kiosk at the studio's clock, in its locale (ADR 0038): '6:00 PM' (en-US),
 * '18:00' (en-GB, de-DE), like the member portal and the server's messages.
 */
export function formatTime(iso: string, timeZone: string, locale?: string): string {
  return formatStudioTime(iso, { locale: locale || FALLBACK_LOCALE, timeZone });
}

/** A class's times: '6:00 – 7:00 PM' (en-US), '18:00–19:00' (en-GB). */
export function formatTimeRange(
  startsAt: string,
  endsAt: string,
  timeZone: string,
  locale?: string,
): string {
  return formatStudioTimeRange(startsAt, endsAt, { locale: locale || FALLBACK_LOCALE, timeZone });
}

/**
 * 'Tuesday 9 December' at the studio's clock, in its locale (ADR 0038): 'Tuesday, December 9'
 * (en-US), 'Dienstag, 9. Dezember' (de-DE). A device paired before the kiosk was told the
 * locale keeps the original British writing until it reads /api/kiosk/me again.
 */
export function formatToday(now: number, timeZone: string, locale?: string): string {
  const text = new Intl.DateTimeFormat(locale || FALLBACK_LOCALE, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone,
  }).format(new Date(now));
  return locale ? text : text.replace(',', '');
}

/** 'A' for Ada: shown when a member has no photo (or it does not load offline). */
export function initialOf(firstName: string): string {
  return (firstName.trim()[0] ?? '?').toUpperCase();
}
