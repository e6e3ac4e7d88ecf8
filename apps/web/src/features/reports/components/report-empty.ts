import type { ReportId } from '@fitbase/domain/report-catalog';
import { SCHEDULED_WINDOW_DAYS } from '@fitbase/domain/report-catalog';

const NOTHING: Record<ReportId, string> = {
  sales: 'No sales',
  payouts: 'No payouts',
  'failed-payments': 'No failed payments',
  transactions: 'No transactions',
  tax: 'No sales',
  'gift-cards': 'No gift cards',
  scheduled: 'No charges due',
  members: 'No members',
  'credit-packs': 'No active credit packs',
  'new-memberships': 'No new memberships',
  'expiring-members': 'No expiring memberships',
  'lost-members': 'No lost members',
  'trainer-insights': 'No classes taught',
  'class-performance': 'No class sessions',
  'first-bookings': 'No first bookings',
  'no-shows': 'No no-shows',
};

/** The honest empty state of a report: "No sales in Nov 2026". */
export function emptyMessage(report: ReportId, periodLabel: string): string {
  if (report === 'scheduled')
    return `${NOTHING.scheduled} today or in the next ${SCHEDULED_WINDOW_DAYS - 1} days`;
  if (report === 'credit-packs') return `${NOTHING['credit-packs']} today`;
  return `${NOTHING[report]} in ${periodLabel}`;
}
