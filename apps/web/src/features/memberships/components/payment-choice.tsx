import type { Plan } from '@fitbase/domain/contracts/plans';
import { formatMills, toMills } from '@fitbase/domain/amounts';
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-fields';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api/api-error';
import { failureMessage } from '@/lib/form-errors';
import { reportProblem } from '@/lib/report-error';
import { useCheckDiscount } from '../api/check-discount';
import { useMemberCards } from '@/entities/members/api/list-member-cards';
import { cardLabel } from '../lib/money-format';
import { useMoney } from '@/hooks/use-studio-format';

/**
 * How a plan's charge is paid, shared by Sell Plan and Renew
 * (docs/product/money-and-store.md#plans-and-memberships): the card on file (the demo provider,
 * labelled as such), or cash / other recorded by staff; an optional discount code.
 */
export const paymentChoiceSchema = z.object({
  method: z.enum(['card', 'cash', 'other'], 'Choose how the member pays'),
  paymentMethodId: z.string(),
  discountCode: z.string().trim().max(40, 'Code is at most 40 characters'),
});
export type PaymentChoiceValues = z.input<typeof paymentChoiceSchema>;
export const PAYMENT_CHOICE_DEFAULTS: PaymentChoiceValues = {
  method: 'card',
  paymentMethodId: '',
  discountCode: '',
};
export const PAYMENT_CHOICE_FIELDS = ['method', 'paymentMethodId', 'discountCode'];

/** The form of a dialog that holds (at least) the payment choice fields. */
export type PaymentChoiceForm = UseFormReturn<PaymentChoiceValues>;

const METHOD_OPTIONS = [
  { value: 'card', label: 'Card on file' },
  { value: 'cash', label: 'Cash' },
  { value: 'other', label: 'Other' },
];

/** What the API takes of the choice (the sell and renew bodies share these fields). */
export interface PaymentRequest {
  method: 'card' | 'cash' | 'other';
  paymentMethodId?: string;
  discountCode?: string;
}

/**
 * The state behind the fields: the member's cards (default chosen once known), the discount
 * checked for this plan, and the amounts due, in integer cents (never a float of dollars).
 */
export function usePaymentChoice({
  form,
  memberId,
  plan,
  renewal = false,
}: {
  form: PaymentChoiceForm;
  memberId: string;
  plan: Plan | undefined;
  /** A renewal: the server does not charge the sign-up fee again. */
  renewal?: boolean;
}) {
  const cards = useMemberCards(memberId);
  const check = useCheckDiscount();
  const [method, paymentMethodId, code] = form.watch(['method', 'paymentMethodId', 'discountCode']);
  const defaultCard = cards.data?.find((card) => card.isDefault) ?? cards.data?.[0];
  const cardId = paymentMethodId || defaultCard?.id || '';
  // The default card is chosen once the cards are known, unless someone chose already: the
  // select then shows the card that is charged (an empty value would show the first card).
  useEffect(() => {
    if (defaultCard && !form.getValues('paymentMethodId'))
      form.setValue('paymentMethodId', defaultCard.id);
  }, [defaultCard, form]);
  // A checked discount holds only for the code and plan it was checked with.
  const [applied, setApplied] = useState<{ code: string; planId: string; discount: string } | null>(
    null,
  );
  const discount =
    applied && plan && applied.planId === plan.id && applied.code === code.trim().toUpperCase()
      ? applied
      : null;

  const applyCode = async () => {
    form.clearErrors('discountCode');
    if (!plan || !code.trim()) return;
    try {
      const result = await check.mutateAsync({
        code: code.trim(),
        appliesTo: 'plan',
        amount: plan.price,
      });
      setApplied({ code: code.trim().toUpperCase(), planId: plan.id, discount: result.discount });
    } catch (error) {
      setApplied(null);
      form.setError('discountCode', {
        type: 'server',
        message: failureMessage(error, 'This code could not be checked'),
      });
    }
  };

  /** The body's payment part, or null (with the error shown) when card is chosen with none. */
  const request = (values: PaymentChoiceValues): PaymentRequest | null => {
    if (values.method === 'card' && !cardId) {
      form.setError('paymentMethodId', {
        type: 'manual',
        message: 'No card on file: add one, or take cash or other',
      });
      return null;
    }
    return {
      method: values.method,
      paymentMethodId: values.method === 'card' ? cardId : undefined,
      discountCode: values.discountCode.trim() || undefined,
    };
  };

  /** Puts a payment refusal where it belongs; false when the error is not about the payment. */
  const handleError = (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false;
    if (error.code === 'card_declined' || error.code === 'insufficient_funds') {
      // The failed payment is on record (Payment Methods tab); the dialog stays for cash.
      reportProblem('Payment declined', error.message);
      return true;
    }
    if (error.code === 'no_payment_method' || error.code === 'card_expired') {
      form.setError('paymentMethodId', { type: 'server', message: error.message });
      reportProblem('Payment not taken', error.message);
      return true;
    }
    if (error.code === 'discount_invalid') {
      form.setError('discountCode', { type: 'server', message: error.message });
      return true;
    }
    return false;
  };

  const priceMills = plan ? toMills(plan.price) : 0;
  const discountMills = discount ? toMills(discount.discount) : 0;
  const feeMills = plan && !renewal ? toMills(plan.signupFee) : 0;
  return {
    cards,
    method,
    code,
    checking: check.isPending,
    discount,
    feeMills,
    dueMills: Math.max(0, priceMills - discountMills) + feeMills,
    applyCode,
    request,
    handleError,
  };
}

export type PaymentChoice = ReturnType<typeof usePaymentChoice>;

/** Payment, card (with the demo label), discount code and what is due today. */
export function PaymentChoiceFields({
  form,
  choice,
  plan,
}: {
  form: PaymentChoiceForm;
  choice: PaymentChoice;
  plan: Plan | undefined;
}) {
  const money = useMoney();
  const { cards, discount } = choice;
  const noCards = cards.isSuccess && cards.data.length === 0;
  return (
    <>
      <SelectField control={form.control} name="method" label="Payment*" options={METHOD_OPTIONS} />
      {choice.method === 'card' ? (
        <div className="space-y-1">
          <SelectField
            control={form.control}
            name="paymentMethodId"
            label="Card"
            placeholder={noCards ? 'No cards on file' : undefined}
            options={(cards.data ?? []).map((card) => ({ value: card.id, label: cardLabel(card) }))}
          />
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <Badge variant="outline">Demo payments</Badge>
            No real card is charged: cards ending 0002 are declined, 9995 have insufficient funds.
          </p>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <TextField
          control={form.control}
          name="discountCode"
          label="Discount Code"
          className="flex-1"
          autoComplete="off"
        />
        <Button
          type="button"
          variant="outline"
          onClick={() => void choice.applyCode()}
          disabled={!plan || !choice.code.trim() || choice.checking}
        >
          Apply
        </Button>
      </div>
      {plan ? (
        <dl className="space-y-1 rounded-md border p-3 text-sm" aria-label="Due today">
          <div className="flex justify-between">
            <dt>{plan.name}</dt>
            <dd>{money(plan.price)}</dd>
          </div>
          {discount ? (
            <div className="flex justify-between">
              <dt>Discount {discount.code}</dt>
              <dd>-{money(discount.discount)}</dd>
            </div>
          ) : null}
          {choice.feeMills > 0 ? (
            <div className="flex justify-between">
              <dt>Sign-up fee</dt>
              <dd>{money(plan.signupFee)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between border-t pt-1 font-semibold">
            <dt>Due today</dt>
            <dd>{money(formatMills(choice.dueMills))}</dd>
          </div>
        </dl>
      ) : null}
    </>
  );
}
