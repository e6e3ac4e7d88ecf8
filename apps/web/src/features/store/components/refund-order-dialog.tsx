import { zodResolver } from '@hookform/resolvers/zod';
import { amountSchema } from '@fitbase/domain/contracts/money';
import type { Order, OrderRefund } from '@fitbase/domain/contracts/store';
import { formatMills, toMills } from '@fitbase/domain/amounts';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Form } from '@/components/form/form';
import { MoneyField, NumberField } from '@/components/form/number-fields';
import { TextareaField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useRefundOrder } from '../api/refund-order';
import { orderNumber } from '../lib/store-format';
import { useMoney } from '@/hooks/use-studio-format';

interface RefundForm {
  returns: Array<{ lineId: string; quantity: number | null }>;
  amount: string | null;
  reason: string;
}

/** What is left to refund of an order, in thousandths. */
export function refundableMills(order: Pick<Order, 'total' | 'refundedTotal'>): number {
  return toMills(order.total) - toMills(order.refundedTotal);
}

/**
 * The refund form's schema for this order: quantities from 0 up to what is left to return on
 * each line, an amount no larger than what is left to refund (the server checks both again).
 */
export function refundFormSchema(order: Order, money: (amount: string) => string) {
  const left = refundableMills(order);
  return z
    .object({
      returns: z.array(
        z.object({
          lineId: z.string(),
          quantity: z
            .number({ error: 'Quantity must be a whole number' })
            .int('Quantity must be a whole number')
            .min(0, 'Quantity cannot be negative')
            .nullable(),
        }),
      ),
      amount: amountSchema('Refund amount').nullable(),
      reason: z
        .string()
        .trim()
        .min(1, 'Reason is required')
        .max(500, 'Reason is at most 500 characters'),
    })
    .superRefine((form, ctx) => {
      form.returns.forEach((entry, index) => {
        const line = order.lines.find((l) => l.id === entry.lineId);
        const max = line ? line.quantity - line.returnedQuantity : 0;
        if ((entry.quantity ?? 0) > max)
          ctx.addIssue({
            code: 'custom',
            path: ['returns', index, 'quantity'],
            message: max === 0 ? 'Already returned' : `At most ${max} can be returned`,
          });
      });
      if (form.amount !== null && toMills(form.amount) > left)
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `You can refund at most ${money(formatMills(left))} of this order.`,
        });
    })
    .transform((form): OrderRefund => ({
      lines: form.returns
        .filter((entry) => (entry.quantity ?? 0) > 0)
        .map((entry) => ({ lineId: entry.lineId, quantity: entry.quantity ?? 0 })),
      amount: form.amount ?? undefined,
      reason: form.reason,
    }));
}

/** Refund an order (owners and admins): items returned go back into stock. */
export function RefundOrderDialog({
  order,
  onOpenChange,
}: {
  order: Order | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  const money = useMoney();
  return (
    <Dialog open={Boolean(order)} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Refund Order {order ? orderNumber(order.number) : ''}</DialogTitle>
          <DialogDescription>
            {order ? `Up to ${money(formatMills(refundableMills(order)))} can be refunded.` : null}
          </DialogDescription>
        </DialogHeader>
        {order ? (
          <RefundFormBody key={order.id} order={order} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function RefundFormBody({ order, onDone }: { order: Order; onDone: () => void }) {
  const money = useMoney();
  const schema = refundFormSchema(order, money);
  const form = useForm<RefundForm, unknown, OrderRefund>({
    resolver: zodResolver(schema),
    defaultValues: {
      returns: order.lines.map((line) => ({ lineId: line.id, quantity: 0 })),
      amount: null,
      reason: '',
    },
  });
  const refund = useRefundOrder();

  const onSubmit = async (value: OrderRefund) => {
    try {
      const updated = await refund.mutateAsync({ orderId: order.id, refund: value });
      formSuccess(
        'Refund recorded',
        `Order ${orderNumber(updated.number)} refunded ${money(updated.refundedTotal)} in total`,
      );
      onDone();
    } catch (error) {
      reportError(error, {
        title: 'Refund failed',
        fallback: 'The refund could not be recorded',
        formToast: true,
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !refund.isPending}
      idPrefix="refund"
      className="space-y-4"
      aria-label="Refund order"
    >
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">Items returned (back into stock)</legend>
        {order.lines.map((line, index) => {
          const left = line.quantity - line.returnedQuantity;
          return (
            <NumberField
              key={line.id}
              control={form.control}
              name={`returns.${index}.quantity`}
              label={`${line.productName} (${left} of ${line.quantity} returnable)`}
              min={0}
              max={left}
              step={1}
              disabled={left === 0}
            />
          );
        })}
      </fieldset>
      <MoneyField
        control={form.control}
        name="amount"
        label="Refund amount ($)"
        description="Leave empty to refund the returned items' value, or the whole order when no item is returned."
      />
      <TextareaField control={form.control} name="reason" label="Reason*" rows={2} required />
      <DialogFooter>
        <Button variant="outline" type="button" onClick={onDone} disabled={refund.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={refund.isPending}>
          {refund.isPending ? 'Refunding...' : 'Refund'}
        </Button>
      </DialogFooter>
    </Form>
  );
}
