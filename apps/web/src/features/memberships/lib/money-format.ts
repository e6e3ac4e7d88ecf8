import type { ChargeStatus, MembershipState } from '@fitbase/domain/money-constants';
import { toMills } from '@fitbase/domain/amounts';
import {
  formatDateTime,
  formatDay as formatStudioDay,
  type StudioFormat,
} from '@fitbase/domain/studio-format';

/**
 * "2026-11-23" → "Nov 23, 2026" / "23.11.2026" (the studio's locale, useStudioFormat()): a
 * calendar date of the studio, never shifted by time zones.
 */
export function formatDay(day: string | null, format: Pick<StudioFormat, 'locale'>): string | null {
  if (!day) return null;
  return /^\d{4}-\d{2}-\d{2}/.test(day) ? formatStudioDay(day, format) : day;
}

/** "Nov 23, 2026, 4:05 PM" / "23.11.2026, 16:05" for an instant, in the studio's zone and locale. */
export function formatInstant(
  iso: string,
  format: Pick<StudioFormat, 'locale' | 'timeZone'>,
): string {
  return formatDateTime(iso, format);
}

/** True when an exact amount string is above zero (compared in thousandths). */
export function isPositive(amount: string): boolean {
  const trimmed = amount.trim();
  return !trimmed.startsWith('-') && toMills(trimmed) > 0;
}

export const MEMBERSHIP_STATE_LABELS: Record<MembershipState, string> = {
  active: 'Active',
  paused: 'Paused',
  past_due: 'Past due',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export const MEMBERSHIP_STATE_CLASSES: Record<MembershipState, string> = {
  active: 'border-transparent bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300',
  paused:
    'border-transparent bg-yellow-100 text-yellow-800 dark:bg-yellow-900/40 dark:text-yellow-300',
  past_due: 'border-transparent bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
  cancelled: 'border-transparent bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300',
  expired: 'border-transparent bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300',
};

/** The transaction statuses of the product: Pending, Paid, Failed, Refunded. */
export const CHARGE_STATUS_LABELS: Record<ChargeStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
};

export const CHARGE_STATUS_CLASSES: Record<ChargeStatus, string> = {
  pending:
    'border-transparent bg-yellow-100 text-yellow-800 dark:bg-yellow-900/40 dark:text-yellow-300',
  paid: 'border-transparent bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300',
  failed: 'border-transparent bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
  refunded: 'border-transparent bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300',
};

/** The label of a card in a choice: the demo provider is named as such wherever it shows. */
export function cardLabel(card: { cardBrand: string; cardLastFour: string; isDefault: boolean }) {
  const brand = card.cardBrand.charAt(0).toUpperCase() + card.cardBrand.slice(1);
  return `${brand} •••• ${card.cardLastFour}${card.isDefault ? ' (default)' : ''}`;
}
