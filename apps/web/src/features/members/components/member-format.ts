import type { MembershipStatus } from '@fitbase/domain/constants';
import {
  formatDateTime as formatStudioDateTime,
  formatDay as formatStudioDay,
  type StudioFormat,
} from '@fitbase/domain/studio-format';

export function fullName(member: { firstName: string; lastName: string }): string {
  return `${member.firstName} ${member.lastName}`.trim();
}

export function initials(member: { firstName: string; lastName: string }): string {
  return `${member.firstName.charAt(0)}${member.lastName.charAt(0)}`.toUpperCase() || '?';
}

/**
 * A timestamp as a calendar date of the studio (its zone and locale, useStudioFormat()):
 * "Mar 14, 2025", "14.03.2025".
 */
export function formatDate(iso: string, format: Pick<StudioFormat, 'locale' | 'timeZone'>): string {
  return new Intl.DateTimeFormat(format.locale, {
    dateStyle: 'medium',
    timeZone: format.timeZone,
  }).format(new Date(iso));
}

/** A stored date (YYYY-MM-DD) in the studio's locale, never shifted through a time zone. */
export function formatDay(day: string | null, format: Pick<StudioFormat, 'locale'>): string | null {
  if (!day) return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatStudioDay(day, format) : day;
}

/** An instant in the studio's zone and locale: "Mar 14, 2025, 4:05 PM", "14.03.2025, 16:05". */
export function formatDateTime(
  iso: string,
  format: Pick<StudioFormat, 'locale' | 'timeZone'>,
): string {
  return formatStudioDateTime(iso, format);
}

/** A stored code in words: early_morning → Early morning, prefer_not_to_say → Prefer not to say. */
export function humanize(value: string | null | undefined): string | null {
  if (!value) return null;
  const words = value.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const STATUS_LABELS: Record<MembershipStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  suspended: 'Suspended',
  cancelled: 'Cancelled',
};

/** Today in the browser as YYYY-MM-DD (the date input's max). */
export function todayIso(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
