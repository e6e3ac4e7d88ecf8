import type { OrderStatus } from '@fitbase/domain/money-constants';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { ORDER_STATUS_LABELS } from '../lib/store-format';

const STATUS_CLASSES: Record<OrderStatus, string> = {
  paid: 'border-transparent bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300',
  failed: 'border-transparent bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
  partially_refunded:
    'border-transparent bg-yellow-100 text-yellow-800 dark:bg-yellow-900/40 dark:text-yellow-300',
  refunded: 'border-transparent bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge variant="outline" data-status={status} className={cn(STATUS_CLASSES[status])}>
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
