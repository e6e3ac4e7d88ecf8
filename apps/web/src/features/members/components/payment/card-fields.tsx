import {
  CARD_NUMBER_MAX_LENGTH,
  detectCardBrand,
  expiryYears,
  formatCardNumber,
  sanitizeCvc,
} from '@fitbase/domain/cards';
import { useWatch, type Control } from 'react-hook-form';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-fields';
import { Badge } from '@/components/ui/badge';
import { BRAND_LABELS } from './card-display';
import type { PaymentFormState } from './payment-form-state';

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0')).map(
  (month) => ({ value: month, label: month }),
);

interface CardFieldsProps {
  control: Control<PaymentFormState, unknown, PaymentFormState>;
  disabled: boolean;
}

/**
 * Card number grouped in fours with its brand, expiry selects and CVC
 * (docs/product/members.md#payment-methods).
 */
export function CardFields({ control, disabled }: CardFieldsProps) {
  const cardNumber = useWatch({ control, name: 'cardNumber' });
  const brand = cardNumber ? detectCardBrand(cardNumber) : null;
  const years = expiryYears().map((year) => ({ value: String(year), label: String(year) }));
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField
        control={control}
        name="cardNumber"
        id="card-number"
        label="Card Number *"
        className="sm:col-span-3"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        maxLength={CARD_NUMBER_MAX_LENGTH}
        disabled={disabled}
        parse={formatCardNumber}
        inputClassName="pr-40 font-mono"
        suffix={
          brand ? (
            <Badge variant="secondary" data-testid="card-brand">
              <span className="sr-only">Card brand: </span>
              {brand === 'unknown' ? 'Unknown' : BRAND_LABELS[brand]}
            </Badge>
          ) : null
        }
      />
      <SelectField
        control={control}
        name="expMonth"
        id="exp-month"
        label="Expiry Month *"
        placeholder="MM"
        options={MONTHS}
        disabled={disabled}
        autoComplete="cc-exp-month"
      />
      <SelectField
        control={control}
        name="expYear"
        id="exp-year"
        label="Expiry Year *"
        placeholder="YYYY"
        options={years}
        disabled={disabled}
        autoComplete="cc-exp-year"
      />
      <TextField
        control={control}
        name="cvc"
        id="cvc"
        label="CVC *"
        inputMode="numeric"
        autoComplete="cc-csc"
        placeholder="123"
        disabled={disabled}
        // No maxLength: a pasted "12 34" must reach the sanitizer whole (digits only, up to 4).
        parse={sanitizeCvc}
      />
    </div>
  );
}
