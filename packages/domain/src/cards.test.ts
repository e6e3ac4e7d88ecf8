import { describe, expect, it } from 'vitest';
import {
  detectCardBrand,
  expiryInPast,
  expiryYears,
  formatCardNumber,
  luhnValid,
  sanitizeCvc,
} from './cards.ts';
import { containsCardNumber, paymentMethodInputSchema } from './contracts/members.ts';

describe('detectCardBrand', () => {
  it.each([
    ['4242 4242 4242 4242', 'visa'],
    ['4', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['55', 'mastercard'],
    ['50', 'unknown'],
    ['56', 'unknown'],
    ['5', 'unknown'],
    ['378282246310005', 'amex'],
    ['34', 'amex'],
    ['35', 'unknown'],
    ['6011111111111117', 'discover'],
    ['1234', 'unknown'],
    ['', 'unknown'],
  ] as const)('%s is %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });
});

describe('luhnValid', () => {
  it('accepts valid test numbers and refuses a changed digit', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('5105105105105100')).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(luhnValid('0000')).toBe(false);
  });
});

describe('formatCardNumber', () => {
  it('groups digits in fours and never exceeds 19 characters', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42a42-42')).toBe('4242 42');
    expect(formatCardNumber('42424242424242424242')).toHaveLength(19);
    expect(formatCardNumber('')).toBe('');
  });

  it('keeps CVC digits only, up to 4', () => {
    expect(sanitizeCvc('12a34 5')).toBe('1234');
  });
});

describe('expiryInPast', () => {
  const now = new Date(2026, 4, 15); // May 2026, local time
  it('is valid through the end of the expiry month', () => {
    expect(expiryInPast(5, 2026, now)).toBe(false);
    expect(expiryInPast(4, 2026, now)).toBe(true);
    expect(expiryInPast(12, 2025, now)).toBe(true);
    expect(expiryInPast(1, 2027, now)).toBe(false);
  });

  it('offers this year and the next 19', () => {
    const years = expiryYears(now);
    expect(years).toHaveLength(20);
    expect(years[0]).toBe(2026);
    expect(years[19]).toBe(2045);
  });
});

describe('payment method contract', () => {
  const base = {
    cardLastFour: '4242',
    cardBrand: 'visa',
    cardExpMonth: 1,
    cardExpYear: 2030,
    billingName: 'A B',
  };
  it('refuses unknown keys such as cardNumber or cvc, and long digit runs in any text', () => {
    expect(paymentMethodInputSchema.safeParse(base).success).toBe(true);
    expect(paymentMethodInputSchema.safeParse({ ...base, cvc: '123' }).success).toBe(false);
    expect(
      paymentMethodInputSchema.safeParse({ ...base, cardNumber: '4242424242424242' }).success,
    ).toBe(false);
    expect(
      paymentMethodInputSchema.safeParse({ ...base, billingCity: '4242-4242-4242-4242' }).success,
    ).toBe(false);
    expect(containsCardNumber('Suite 123456789012')).toBe(false);
    expect(containsCardNumber('1234567890123')).toBe(true);
  });
});
