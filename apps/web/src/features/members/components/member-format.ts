import type { MembershipStatus } from '@fitbase/domain/constants';

export function fullName(member: { firstName: string; lastName: string }): string {
  return `${member.firstName} ${member.lastName}`.trim();
}

export function initials(member: { firstName: string; lastName: string }): string {
  return `${member.firstName.charAt(0)}${member.lastName.charAt(0)}`.toUpperCase() || '?';
}

/** A timestamp as a calendar date, e.g. "Mar 14, 2025". */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

/** A stored date (YYYY-MM-DD) without shifting it through the browser's time zone. */
export function formatDay(day: string | null): string | null {
  if (!day) return null;
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
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
