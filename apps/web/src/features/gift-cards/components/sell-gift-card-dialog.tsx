import { zodResolver } from '@hookform/resolvers/zod';
import {
  giftCardRecipientFields,
  type GiftCardDetail,
  type GiftCardSell,
} from '@fitbase/domain/contracts/gift-cards';
import { TENDER_METHOD_KINDS } from '@fitbase/domain/money-constants';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Form } from '@/components/form/form';
import { MoneyField } from '@/components/form/number-fields';
import { SelectField } from '@/components/form/select-field';
import { TextareaField, TextField } from '@/components/form/text-fields';
import { MemberSearchFields } from '@/components/member-search/member-search-fields';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EditorDialogFooter } from '@/components/editor-dialog';
import { useMemberCards } from '@/entities/members/api/list-member-cards';
import { useMoney } from '@/hooks/use-studio-format';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useSellGiftCard } from '../api/gift-cards';

const TITLE = 'Sell gift card';

const METHOD_LABELS = { card: 'Card on file', cash: 'Cash', other: 'Other' } as const;

const cardLabel = (card: { cardBrand: string; cardLastFour: string }) =>
  `${card.cardBrand.charAt(0).toUpperCase()}${card.cardBrand.slice(1)} •••• ${card.cardLastFour}`;

const sellFormSchema = z
  .object({
    ...giftCardRecipientFields,
    memberSearch: z.string(),
    memberId: z.string().nullable(),
    method: z.enum(TENDER_METHOD_KINDS),
    paymentMethodId: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.method === 'card' && !v.memberId)
      ctx.addIssue({
        code: 'custom',
        path: ['method'],
        message: 'Card on file needs a member: choose a member or take cash',
      });
    else if (v.method === 'card' && !v.paymentMethodId)
      ctx.addIssue({
        code: 'custom',
        path: ['method'],
        message: 'This member has no card on file: take cash',
      });
  });
type SellForm = z.input<typeof sellFormSchema>;
type SellValues = z.output<typeof sellFormSchema>;

const EMPTY: SellForm = {
  amount: null as unknown as string,
  recipientEmail: '',
  recipientName: '',
  message: '',
  memberSearch: '',
  memberId: null,
  method: 'cash',
  paymentMethodId: '',
};

/**
 * `Sell gift card` at the front desk (docs/product/money-and-store.md#gift-cards): an amount, the
 * recipient (the code goes to their email) and a message; paid with a member's card on file, or
 * cash/other by anyone. `onSold` gets the new card.
 */
export function SellGiftCardDialog({
  open,
  onOpenChange,
  onSold,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSold?: (card: GiftCardDetail) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TITLE}</DialogTitle>
          <DialogDescription>
            The code is emailed to the recipient. It pays at the front desk and in the portal.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <SellBody
            onDone={(card) => {
              if (card) onSold?.(card);
              onOpenChange(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function SellBody({ onDone }: { onDone: (card?: GiftCardDetail) => void }) {
  const money = useMoney();
  const form = useForm<SellForm, unknown, SellValues>({
    resolver: zodResolver(sellFormSchema),
    defaultValues: EMPTY,
  });
  const { control, setValue } = form;
  const memberId = useWatch({ control, name: 'memberId' });
  const method = useWatch({ control, name: 'method' });
  const cards = useMemberCards(memberId);
  const sell = useSellGiftCard();
  const active = (cards.data ?? []).filter((card) => card.isActive);

  useEffect(() => {
    if (!memberId && method === 'card') setValue('method', 'cash');
  }, [memberId, method, setValue]);
  useEffect(() => {
    const usable = cards.data?.filter((card) => card.isActive) ?? [];
    const preferred = usable.find((card) => card.isDefault) ?? usable[0];
    setValue('paymentMethodId', preferred?.id ?? '');
  }, [cards.data, setValue]);

  const onSubmit = async (values: SellValues) => {
    const body: GiftCardSell = {
      amount: values.amount,
      recipientEmail: values.recipientEmail,
      recipientName: values.recipientName || undefined,
      message: values.message || undefined,
      memberId: values.memberId,
      method: values.method,
      paymentMethodId: values.method === 'card' ? values.paymentMethodId : undefined,
    };
    try {
      const card = await sell.mutateAsync(body);
      formSuccess(
        'Gift card sold',
        `${money(card.initialAmount)} gift card •••• ${card.lastFour}: the code was emailed to ${card.recipientEmail}`,
      );
      onDone(card);
    } catch (error) {
      reportError(error, { fallback: 'The gift card was not sold', formToast: true });
    }
  };

  const methods = TENDER_METHOD_KINDS.filter((m) => m !== 'card' || memberId).map((m) => ({
    value: m,
    label: METHOD_LABELS[m],
  }));

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !sell.isPending}
      idPrefix="gift-card"
      className="space-y-4"
      aria-label={TITLE}
    >
      <MoneyField control={control} name="amount" label="Amount*" required />
      <TextField
        control={control}
        name="recipientEmail"
        label="Recipient email*"
        type="email"
        autoComplete="off"
        required
      />
      <TextField control={control} name="recipientName" label="Recipient name" autoComplete="off" />
      <TextareaField control={control} name="message" label="Message" rows={3} maxLength={500} />
      <MemberSearchFields
        control={control}
        searchName="memberSearch"
        memberName="memberId"
        label="Bought by (member)"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={control}
          name="method"
          label="Payment"
          options={methods}
          description={memberId ? undefined : 'Card on file needs a member'}
        />
        {method === 'card' ? (
          <SelectField
            control={control}
            name="paymentMethodId"
            label="Card"
            placeholder={active.length === 0 ? 'No card on file' : undefined}
            options={active.map((card) => ({ value: card.id, label: cardLabel(card) }))}
            disabled={active.length === 0}
          />
        ) : null}
      </div>
      <EditorDialogFooter onCancel={() => onDone()} pending={sell.isPending} submitLabel={TITLE} />
    </Form>
  );
}
