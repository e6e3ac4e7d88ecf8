import { detectCardBrand, expiryInPast, luhnValid } from '@fitbase/domain/cards';
import type { PaymentMethodInput } from '@fitbase/domain/contracts/members';

export interface PaymentFormState {
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvc: string;
  billingName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  isDefault: boolean;
}

export const EMPTY_PAYMENT_FORM: PaymentFormState = {
  cardNumber: '',
  expMonth: '',
  expYear: '',
  cvc: '',
  billingName: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  postalCode: '',
  country: 'US',
  isDefault: false,
};

export type PaymentFormErrors = Partial<Record<'cardNumber' | 'expiry', string>>;

/** docs/product/members.md#payment-methods: submit stays disabled until these are filled. */
export function requiredFilled(form: PaymentFormState): boolean {
  return Boolean(
    form.cardNumber.trim() && form.expMonth && form.expYear && form.cvc && form.billingName.trim(),
  );
}

/**
 * Luhn and expiry (docs/product/members.md#payment-methods), checked in the browser before anything
 * is sent.
 */
export function validateCard(form: PaymentFormState, now: Date = new Date()): PaymentFormErrors {
  const errors: PaymentFormErrors = {};
  if (!luhnValid(form.cardNumber)) errors.cardNumber = 'Enter a valid card number';
  if (expiryInPast(Number(form.expMonth), Number(form.expYear), now))
    errors.expiry = 'This card has expired';
  return errors;
}

const optional = (value: string) => value.trim() || null;

/** What reaches the server: last four, brand and expiry; never the full number or the CVC. */
export function toPaymentMethodInput(form: PaymentFormState): PaymentMethodInput {
  const digits = form.cardNumber.replace(/\D/g, '');
  return {
    cardLastFour: digits.slice(-4),
    cardBrand: detectCardBrand(digits),
    cardExpMonth: Number(form.expMonth),
    cardExpYear: Number(form.expYear),
    billingName: form.billingName.trim(),
    billingAddressLine1: optional(form.addressLine1),
    billingAddressLine2: optional(form.addressLine2),
    billingCity: optional(form.city),
    billingState: optional(form.state),
    billingPostalCode: optional(form.postalCode),
    billingCountry: optional(form.country),
    isDefault: form.isDefault,
  };
}
