import type { CardBrand } from '@fitbase/domain/cards';
import type { PortalCard } from '@fitbase/domain/contracts/portal';
import type { NewCard } from '../api/cards';
import { PortalField } from './portal-field';

/**
 * The demo card form (Buy and Profile's `Add card`). The number, expiry and name live only in
 * this form's state: ONLY the last four digits, the brand detected from the number and the expiry
 * (with the name on the card) are sent to the server, never the full card number. The demo
 * provider takes no card data, and the server refuses any other card key.
 */
export interface CardDraft {
  number: string;
  expiry: string;
  name: string;
}

export const EMPTY_CARD: CardDraft = { number: '', expiry: '', name: '' };

export type CardErrors = Partial<Record<keyof CardDraft, string>>;

const BRAND_LABELS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** The brand from the number's first digits: 4 Visa, 5 Mastercard, 34/37 Amex, 6 Discover. */
export function detectBrand(digits: string): CardBrand {
  if (digits.startsWith('4')) return 'visa';
  if (digits.startsWith('5')) return 'mastercard';
  if (digits.startsWith('34') || digits.startsWith('37')) return 'amex';
  if (digits.startsWith('6')) return 'discover';
  return 'unknown';
}

/** "Visa •••• 4242, expires 12/2028". */
export function cardLabel(
  card: Pick<PortalCard, 'cardBrand' | 'cardLastFour' | 'cardExpMonth' | 'cardExpYear'>,
) {
  const brand = BRAND_LABELS[card.cardBrand] ?? 'Card';
  const month = String(card.cardExpMonth).padStart(2, '0');
  return `${brand} •••• ${card.cardLastFour}, expires ${month}/${card.cardExpYear}`;
}

/**
 * What is sent for a new card, or the fields' errors. The full number is read here to take its
 * last four and its brand, and goes no further.
 */
export function toCardInput(
  draft: CardDraft,
): { input: NewCard; errors?: undefined } | { input?: undefined; errors: CardErrors } {
  const errors: CardErrors = {};
  const digits = draft.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) errors.number = 'Enter the card number (12 to 19 digits).';
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(draft.expiry);
  const month = expiry ? Number(expiry[1]) : NaN;
  const year = expiry ? Number(expiry[2]!.length === 2 ? `20${expiry[2]}` : expiry[2]) : NaN;
  if (!expiry || month < 1 || month > 12) errors.expiry = 'Enter the expiry as MM/YY.';
  const name = draft.name.trim();
  if (!name) errors.name = 'Enter the name on the card.';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    input: {
      cardLastFour: digits.slice(-4),
      cardBrand: detectBrand(digits),
      cardExpMonth: month,
      cardExpYear: year,
      billingName: name,
      isDefault: false,
    },
  };
}

/** The server's field errors for a card ('cardLastFour' or 'card.cardLastFour') on the form. */
export function cardServerErrors(fields: Record<string, string>): CardErrors {
  const errors: CardErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = key.replace(/^card\./, '');
    if (field === 'cardLastFour' || field === 'cardBrand') errors.number ??= message;
    else if (field === 'cardExpMonth' || field === 'cardExpYear') errors.expiry ??= message;
    else if (field === 'billingName') errors.name ??= message;
  }
  return errors;
}

export function CardFields({
  idPrefix,
  value,
  errors,
  disabled,
  onChange,
}: {
  idPrefix: string;
  value: CardDraft;
  errors: CardErrors;
  disabled?: boolean;
  onChange: (next: CardDraft) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <PortalField
          id={`${idPrefix}-number`}
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          value={value.number}
          disabled={disabled}
          error={errors.number ?? null}
          onChange={(event) => onChange({ ...value, number: event.target.value })}
        />
      </div>
      <PortalField
        id={`${idPrefix}-expiry`}
        label="Expiry (MM/YY)"
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="MM/YY"
        value={value.expiry}
        disabled={disabled}
        error={errors.expiry ?? null}
        onChange={(event) => onChange({ ...value, expiry: event.target.value })}
      />
      <PortalField
        id={`${idPrefix}-name`}
        label="Name on card"
        autoComplete="cc-name"
        value={value.name}
        disabled={disabled}
        error={errors.name ?? null}
        onChange={(event) => onChange({ ...value, name: event.target.value })}
      />
    </div>
  );
}
