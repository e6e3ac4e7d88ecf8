import type { MembershipStatus } from '@fitbase/domain/constants';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { STATUS_LABELS } from './member-format';

/**
 * docs/product/members.md#members-directory: active green, inactive grey, suspended yellow,
 * cancelled red.
 */
const STATUS_CLASSES: Record<MembershipStatus, string> = {
  active: 'border-transparent bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300',
  inactive: 'border-transparent bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300',
  suspended:
    'border-transparent bg-yellow-100 text-yellow-800 dark:bg-yellow-900/40 dark:text-yellow-300',
  cancelled: 'border-transparent bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
};

export function MemberStatusBadge({
  status,
  className,
}: {
  status: MembershipStatus;
  className?: string;
}) {
  return (
    <Badge variant="outline" data-status={status} className={cn(STATUS_CLASSES[status], className)}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
