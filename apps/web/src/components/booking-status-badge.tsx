import type { BookingStatus } from '@fitbase/domain/schedule-constants';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** A booking's status in words (docs/product/schedule.md): the roster and the member dashboard. */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  booked: 'Booked',
  waitlisted: 'Waitlisted',
  cancelled: 'Cancelled',
  late_cancelled: 'Late cancel',
  attended: 'Attended',
  no_show: 'No-show',
};

const STATUS_CLASSES: Record<BookingStatus, string> = {
  booked: 'border-transparent bg-blue-100 text-blue-800 dark:bg-blue-900/40 dark:text-blue-300',
  waitlisted:
    'border-transparent bg-yellow-100 text-yellow-800 dark:bg-yellow-900/40 dark:text-yellow-300',
  cancelled: 'border-transparent bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300',
  late_cancelled:
    'border-transparent bg-orange-100 text-orange-800 dark:bg-orange-900/40 dark:text-orange-300',
  attended:
    'border-transparent bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300',
  no_show: 'border-transparent bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
};

export function BookingStatusBadge({
  status,
  className,
}: {
  status: BookingStatus;
  className?: string;
}) {
  return (
    <Badge variant="outline" data-status={status} className={cn(STATUS_CLASSES[status], className)}>
      {BOOKING_STATUS_LABELS[status]}
    </Badge>
  );
}
