import { describe, expect, it } from 'vitest';
import { formatMoney, normalizeMoney } from './form-money';

describe('money input', () => {
  it('shows a valid amount with exactly two decimals', () => {
    expect(formatMoney('25.5')).toBe('25.50');
    expect(formatMoney('1250')).toBe('1250.00');
    expect(formatMoney('0.05')).toBe('0.05');
    expect(formatMoney('007.1')).toBe('7.10');
  });

  it('tidies what people type: spaces, a dollar sign, thousands commas, a bare decimal point', () => {
    expect(normalizeMoney(' $1,250.5 ')).toBe('1250.5');
    expect(formatMoney('$ 1,250.5')).toBe('1250.50');
    expect(formatMoney('.5')).toBe('0.50');
  });

  it('refuses what is not an amount, leaving it for the schema to explain', () => {
    expect(formatMoney('-5')).toBeNull();
    expect(formatMoney('12.345')).toBeNull();
    expect(formatMoney('1e3')).toBeNull();
    expect(formatMoney('123456789')).toBeNull();
    expect(formatMoney('')).toBeNull();
    expect(normalizeMoney('-5')).toBe('-5');
  });

  it('writes fils for a three-decimal currency and refuses what is finer than the currency', () => {
    expect(formatMoney('1.5', 3)).toBe('1.500');
    expect(formatMoney('12.345', 3)).toBe('12.345');
    expect(formatMoney('12.345', 2)).toBeNull();
    expect(formatMoney('3000.50', 0)).toBeNull();
    expect(formatMoney('3000', 0)).toBe('3000.00');
  });

  it('keeps big amounts exact (no floating point)', () => {
    expect(formatMoney('99999999.99')).toBe('99999999.99');
  });
});
