import type { PaymentMethod } from '@fitbase/domain/contracts/members';
import { FlaskConical } from 'lucide-react';
import type { Control } from 'react-hook-form';
import { SelectField } from '@/components/form/select-field';
import { Badge } from '@/components/ui/badge';
import { cardLabel, PAYMENT_METHOD_LABELS } from '../lib/store-format';
import type { SaleForm } from './sale-form';

/**
 * How the customer pays: the member's card on file (through the demo provider, labelled so), cash
 * or other. A walk-in has no card on file.
 */
export function SalePayment({
  control,
  method,
  hasMember,
  cards,
  cardsLoading,
  disabled,
}: {
  control: Control<SaleForm>;
  method: SaleForm['method'];
  hasMember: boolean;
  cards: PaymentMethod[] | undefined;
  cardsLoading: boolean;
  disabled?: boolean;
}) {
  const methods = (['card', 'cash', 'other'] as const)
    .filter((m) => m !== 'card' || hasMember)
    .map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));
  const active = (cards ?? []).filter((card) => card.isActive);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        control={control}
        name="method"
        label="Payment"
        options={methods}
        description={hasMember ? undefined : 'Card on file needs a member'}
        disabled={disabled}
      />
      {method === 'card' ? (
        <div className="space-y-2">
          <SelectField
            control={control}
            name="paymentMethodId"
            label="Card"
            placeholder={
              cardsLoading
                ? 'Loading cards...'
                : active.length === 0
                  ? 'No card on file'
                  : undefined
            }
            options={active.map((card) => ({ value: card.id, label: cardLabel(card) }))}
            disabled={disabled || active.length === 0}
          />
          <Badge variant="outline" className="gap-1">
            <FlaskConical aria-hidden />
            Demo payments: no real money moves
          </Badge>
        </div>
      ) : null}
    </div>
  );
}
