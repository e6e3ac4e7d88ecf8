import { zodResolver } from '@hookform/resolvers/zod';
import type { GiftCard } from '@fitbase/domain/contracts/gift-cards';
import { amountSchema } from '@fitbase/domain/contracts/money';
import { toMills } from '@fitbase/domain/amounts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { EditorDialogFooter } from '@/components/editor-dialog';
import { Form } from '@/components/form/form';
import { MoneyField } from '@/components/form/number-fields';
import { TextareaField } from '@/components/form/text-fields';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useMoney } from '@/hooks/use-studio-format';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useRefundGiftCard } from '../api/gift-cards';

const TITLE = 'Refund balance';

/**
 * `Refund balance` (owners and admins, docs/product/money-and-store.md#gift-cards): all that is
 * left on a card, or part of it, goes back to the buyer's original payment, with a reason. The
 * amount defaults to the whole balance; the server refuses more than is left at that moment (a
 * sale may have spent some meanwhile) rather than refund another amount.
 */
export function RefundGiftCardDialog({
  card,
  onClose,
}: {
  card: GiftCard | null;
  onClose: () => void;
}) {
  const money = useMoney();
  const buyer = card?.purchaser ? `${card.purchaser.name}’s` : 'the buyer’s';
  return (
    <Dialog open={card !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TITLE}</DialogTitle>
          <DialogDescription>
            {card
              ? `${money(card.balance)} is left on gift card •••• ${card.lastFour}. What you refund goes back to ${buyer} original payment, the card can no longer spend it, and the buyer gets a credit note.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {card ? <RefundBody key={card.id} card={card} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RefundBody({ card, onDone }: { card: GiftCard; onDone: () => void }) {
  const money = useMoney();
  const refund = useRefundGiftCard();
  const schema = useMemo(
    () =>
      z
        .object({
          amount: amountSchema('Amount'),
          reason: z.string().trim().max(500, 'The reason is at most 500 characters'),
        })
        .superRefine((v, ctx) => {
          if (toMills(v.amount) <= 0)
            ctx.addIssue({
              code: 'custom',
              path: ['amount'],
              message: 'Enter an amount above zero',
            });
          else if (toMills(v.amount) > toMills(card.balance))
            ctx.addIssue({
              code: 'custom',
              path: ['amount'],
              message: `You can refund at most ${money(card.balance)} of the gift card ending ${card.lastFour}.`,
            });
        }),
    [card, money],
  );
  type Values = z.output<typeof schema>;
  const form = useForm<z.input<typeof schema>, unknown, Values>({
    resolver: zodResolver(schema),
    defaultValues: { amount: card.balance, reason: '' },
  });

  const onSubmit = async (values: Values) => {
    try {
      await refund.mutateAsync({
        id: card.id,
        amount: values.amount,
        reason: values.reason || undefined,
      });
      formSuccess(
        'Gift card refunded',
        `Refunded ${money(values.amount)} of gift card •••• ${card.lastFour}.`,
      );
      onDone();
    } catch (error) {
      reportError(error, { fallback: 'The refund failed', formToast: true });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !refund.isPending}
      idPrefix="gift-card-refund"
      className="space-y-4"
      aria-label={TITLE}
    >
      <MoneyField control={form.control} name="amount" label="Amount*" required />
      <TextareaField control={form.control} name="reason" label="Reason" rows={2} maxLength={500} />
      <EditorDialogFooter onCancel={onDone} pending={refund.isPending} submitLabel="Refund" />
    </Form>
  );
}
