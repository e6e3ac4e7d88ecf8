import type { CARD_BRANDS } from './constants.ts';

export type CardBrand = (typeof CARD_BRANDS)[number];

/**
 * Longest grouped card number the form accepts (docs/product/members.md#payment-methods): 16 digits
 * + 3 spaces.
 */
export const CARD_NUMBER_MAX_LENGTH = 19;
/** Expiry years offered, from the current year (docs/product/members.md#payment-methods). */
export const CARD_EXPIRY_YEARS = 20;
export const CVC_MAX_DIGITS = 4;

function digitsOf(input: string): string {
  return input.replace(/\D/g, '');
}

/**
 * Brand by number prefix (docs/product/members.md#payment-methods). Only the prefix is looked at,
 * spaces are ignored.
 */
export function detectCardBrand(number: string): CardBrand {
  const d = digitsOf(number);
  if (d.startsWith('4')) return 'visa';
  const two = Number(d.slice(0, 2));
  if (d.length >= 2 && two >= 51 && two <= 55) return 'mastercard';
  if (d.startsWith('34') || d.startsWith('37')) return 'amex';
  if (d.startsWith('6')) return 'discover';
  return 'unknown';
}

/**
 * Luhn checksum (the card number must pass it: docs/product/members.md#payment-methods). Non-digits
 * are ignored.
 */
export function luhnValid(input: string): boolean {
  const d = digitsOf(input);
  if (d.length < 12 || d.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** Digits grouped in fours, never longer than CARD_NUMBER_MAX_LENGTH characters. */
export function formatCardNumber(input: string): string {
  const d = digitsOf(input).slice(0, 16);
  return (d.match(/.{1,4}/g) ?? []).join(' ').slice(0, CARD_NUMBER_MAX_LENGTH);
}

/** CVC keeps digits only, up to four (docs/product/members.md#payment-methods). */
export function sanitizeCvc(input: string): string {
  return digitsOf(input).slice(0, CVC_MAX_DIGITS);
}

/** A card is valid through the last day of its expiry month. `month` is 1-12. */
export function expiryInPast(month: number, year: number, now: Date = new Date()): boolean {
  const currentYear = now.getFullYear();
  const currentMonth = now.getMonth() + 1;
  return year < currentYear || (year === currentYear && month < currentMonth);
}

/** Years offered in the expiry select: this year and the next 19. */
export function expiryYears(now: Date = new Date()): number[] {
  const first = now.getFullYear();
  return Array.from({ length: CARD_EXPIRY_YEARS }, (_, i) => first + i);
}
