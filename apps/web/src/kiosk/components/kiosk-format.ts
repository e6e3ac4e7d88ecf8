/**
 * Times on the kiosk, at the studio's clock ('18:00'), like the member portal and the server's
 * messages.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function formatTime(iso: string, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    formats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/**
 * 'Tuesday 9 December' at the studio's clock, in its locale (ADR 0038): 'Tuesday, December 9'
 * (en-US), 'Dienstag, 9. Dezember' (de-DE). A device paired before the kiosk was told the
 * locale keeps the original British writing until it reads /api/kiosk/me again.
 */
export function formatToday(now: number, timeZone: string, locale?: string): string {
  const text = new Intl.DateTimeFormat(locale || 'en-GB', {
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
