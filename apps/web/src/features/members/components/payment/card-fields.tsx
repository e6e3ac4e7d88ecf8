import {
  CARD_NUMBER_MAX_LENGTH,
  detectCardBrand,
  expiryYears,
  formatCardNumber,
  sanitizeCvc,
} from '@fitbase/domain/cards';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { errorProps, Field, nativeSelectClass } from '../form/form-fields';
import { BRAND_LABELS } from './card-display';
import type { PaymentFormErrors, PaymentFormState } from './payment-form-state';

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

interface CardFieldsProps {
  form: PaymentFormState;
  errors: PaymentFormErrors;
  disabled: boolean;
  onChange: (patch: Partial<PaymentFormState>) => void;
}

/** Card number grouped in fours with its brand, expiry selects and CVC (doc 2 §5). */
export function CardFields({ form, errors, disabled, onChange }: CardFieldsProps) {
  const brand = form.cardNumber ? detectCardBrand(form.cardNumber) : null;
  const years = expiryYears();
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Field
        id="card-number"
        label="Card Number *"
        error={errors.cardNumber}
        className="sm:col-span-3"
      >
        <div className="relative">
          <Input
            id="card-number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            maxLength={CARD_NUMBER_MAX_LENGTH}
            value={form.cardNumber}
            disabled={disabled}
            onChange={(event) => onChange({ cardNumber: formatCardNumber(event.target.value) })}
            className="pr-40 font-mono"
            {...errorProps('card-number', errors.cardNumber)}
          />
          <span className="absolute right-2 top-1/2 -translate-y-1/2" aria-live="polite">
            {brand ? (
              <Badge variant="secondary" data-testid="card-brand">
                <span className="sr-only">Card brand: </span>
                {brand === 'unknown' ? 'Unknown' : BRAND_LABELS[brand]}
              </Badge>
            ) : null}
          </span>
        </div>
      </Field>
      <Field id="exp-month" label="Expiry Month *" error={errors.expiry}>
        <select
          id="exp-month"
          className={nativeSelectClass}
          value={form.expMonth}
          disabled={disabled}
          autoComplete="cc-exp-month"
          onChange={(event) => onChange({ expMonth: event.target.value })}
          {...errorProps('exp-month', errors.expiry)}
        >
          <option value="">MM</option>
          {MONTHS.map((month) => (
            <option key={month} value={month}>
              {month}
            </option>
          ))}
        </select>
      </Field>
      <Field id="exp-year" label="Expiry Year *">
        <select
          id="exp-year"
          className={nativeSelectClass}
          value={form.expYear}
          disabled={disabled}
          autoComplete="cc-exp-year"
          onChange={(event) => onChange({ expYear: event.target.value })}
          aria-invalid={errors.expiry ? true : undefined}
        >
          <option value="">YYYY</option>
          {years.map((year) => (
            <option key={year} value={String(year)}>
              {year}
            </option>
          ))}
        </select>
      </Field>
      <Field id="cvc" label="CVC *">
        <Input
          id="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={form.cvc}
          disabled={disabled}
          // No maxLength: a pasted "12 34" must reach the sanitizer whole (digits only, up to 4).
          onChange={(event) => onChange({ cvc: sanitizeCvc(event.target.value) })}
        />
      </Field>
    </div>
  );
}
