import { DEFAULT_LOCALE } from '@fitbase/domain/studio-format';

/** A person's name as the roster shows it. */
export function memberName(member: { firstName: string; lastName: string }): string {
  return `${member.firstName} ${member.lastName}`.trim();
}

/** A clock time in the studio's time zone and locale, e.g. "7:05 AM", "07:05". */
export function formatClock(
  iso: string,
  timeZone: string,
  locale: string = DEFAULT_LOCALE,
): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
}

/** A membership status that is not active, in words ('suspended' → 'Suspended'). */
export function membershipLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ');
}
