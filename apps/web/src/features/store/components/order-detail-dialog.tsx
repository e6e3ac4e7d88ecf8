import type { Order } from '@fitbase/domain/contracts/store';
import { Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { failureMessage } from '@/lib/form-errors';
import { useOrder } from '../api/get-order';
import { formatDateTime, orderNumber, PAYMENT_METHOD_LABELS } from '../lib/store-format';
import { OrderStatusBadge } from './order-status-badge';
import { useMoney, useStudioFormat } from '@/hooks/use-studio-format';

/** customer: the member's name, the walk-in's name, or "Walk-in". */
export function customerLabel(order: Pick<Order, 'member' | 'customerName'>): string {
  return order.member?.name ?? order.customerName ?? 'Walk-in';
}

function paymentLabel(order: Order): string {
  const method = PAYMENT_METHOD_LABELS[order.method];
  return order.paymentMethodLabel ? `${method} · ${order.paymentMethodLabel}` : method;
}

/** One order: its lines, totals, payment and refunds; Refund for owners and admins. */
export function OrderDetailDialog({
  orderId,
  timeZone,
  canRefund,
  onOpenChange,
  onRefund,
}: {
  orderId: string | null;
  timeZone: string;
  canRefund: boolean;
  onOpenChange: (open: boolean) => void;
  onRefund: (order: Order) => void;
}) {
  const money = useMoney();
  const { locale } = useStudioFormat();
  const query = useOrder(orderId);
  const order = query.data;
  const refundable =
    order && (order.status === 'paid' || order.status === 'partially_refunded') && canRefund;
  return (
    <Dialog open={Boolean(orderId)} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Order {order ? orderNumber(order.number) : ''}</DialogTitle>
          <DialogDescription>
            {order ? formatDateTime(order.createdAt, timeZone, locale) : 'Loading order...'}
          </DialogDescription>
        </DialogHeader>
        {query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {failureMessage(query.error, 'Failed to load the order')}
          </p>
        ) : order ? (
          <div className="space-y-4 text-sm">
            <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-1">
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <OrderStatusBadge status={order.status} />
              </dd>
              <dt className="text-muted-foreground">Customer</dt>
              <dd>{customerLabel(order)}</dd>
              <dt className="text-muted-foreground">Payment</dt>
              <dd>
                {paymentLabel(order)}
                {order.method === 'card' ? (
                  <span className="text-muted-foreground"> (demo payments)</span>
                ) : null}
              </dd>
              <dt className="text-muted-foreground">Sold by</dt>
              <dd>{order.soldByName ?? '—'}</dd>
            </dl>
            {order.failureMessage ? (
              <p
                role="alert"
                className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-destructive"
              >
                {order.failureMessage}
              </p>
            ) : null}
            <table className="w-full" aria-label="Order lines">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="py-1 font-medium">Product</th>
                  <th className="py-1 text-right font-medium">Qty</th>
                  <th className="py-1 text-right font-medium">Price</th>
                  <th className="py-1 text-right font-medium">Total</th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {order.lines.map((line) => (
                  <tr key={line.id}>
                    <td className="py-1">
                      {line.productName}
                      {line.returnedQuantity > 0 ? (
                        <span className="block text-xs text-muted-foreground">
                          {line.returnedQuantity} returned
                        </span>
                      ) : null}
                    </td>
                    <td className="py-1 text-right tabular-nums">{line.quantity}</td>
                    <td className="py-1 text-right tabular-nums">{money(line.unitPrice)}</td>
                    <td className="py-1 text-right tabular-nums">{money(line.lineTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="ml-auto grid w-64 grid-cols-2 gap-1">
              <dt className="text-muted-foreground">Subtotal</dt>
              <dd className="text-right tabular-nums">{money(order.subtotal)}</dd>
              {order.discountTotal !== '0.00' ? (
                <>
                  <dt className="text-muted-foreground">
                    Discount{order.discountCode ? ` (${order.discountCode})` : ''}
                  </dt>
                  <dd className="text-right tabular-nums">-{money(order.discountTotal)}</dd>
                </>
              ) : null}
              <dt className="font-semibold">Total</dt>
              <dd className="text-right font-semibold tabular-nums">{money(order.total)}</dd>
              {order.refundedTotal !== '0.00' ? (
                <>
                  <dt className="text-muted-foreground">Refunded</dt>
                  <dd className="text-right tabular-nums">-{money(order.refundedTotal)}</dd>
                </>
              ) : null}
            </dl>
          </div>
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            Loading order...
          </p>
        )}
        <DialogFooter>
          {refundable ? (
            <Button variant="outline" onClick={() => onRefund(order)}>
              <Undo2 aria-hidden />
              Refund
            </Button>
          ) : null}
          <Button onClick={() => onOpenChange(false)}>Close</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
