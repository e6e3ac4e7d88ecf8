import { describe, expect, it } from 'vitest';
import {
  formatMills,
  millsPerMinorUnit,
  normalizeAmount,
  toMills,
  toSignedMills,
} from './amounts.ts';
import { prorate } from './proration.ts';
import { taxOn } from './tax.ts';

describe('amounts in thousandths', () => {
  it('reads up to three decimals and refuses anything else', () => {
    expect(toMills('49.9')).toBe(49_900);
    expect(toMills('0.005')).toBe(5);
    expect(toMills('7')).toBe(7_000);
    expect(toSignedMills('-1.125')).toBe(-1_125);
    for (const bad of ['-1', '1.2345', 'abc', '', '1e3', '.5'])
      expect(() => toMills(bad)).toThrow();
  });

  it('writes the shortest form with two decimals at least, as the API answers', () => {
    expect(formatMills(19_800)).toBe('19.80');
    expect(formatMills(25_125)).toBe('25.125');
    expect(formatMills(-1_000)).toBe('-1.00');
    expect(formatMills(5)).toBe('0.005');
    expect(normalizeAmount('25')).toBe('25.00');
    expect(normalizeAmount('1.500')).toBe('1.50');
  });

  it('knows a minor unit in thousandths: cents, whole yen, fils', () => {
    expect(millsPerMinorUnit(2)).toBe(10);
    expect(millsPerMinorUnit(0)).toBe(1_000);
    expect(millsPerMinorUnit(3)).toBe(1);
  });

  it('prorates and taxes to the fils in BHD, to the cent in USD', () => {
    // 10.000 × 10 / 30 = 3.3333… → 3.333 BHD; 3.33 USD.
    expect(prorate('10.000', 10, 30, 'BHD')).toBe('3.333');
    expect(prorate('10.00', 10, 30, 'USD')).toBe('3.33');
    const vat = { id: 'v', name: 'VAT', rate: '10', inclusive: false };
    expect(taxOn('25.125', vat, 'BHD', 'half_up')).toEqual({
      net: '25.125',
      tax: '2.513',
      gross: '27.638',
    });
    expect(taxOn('25.13', vat, 'USD', 'half_up')).toEqual({
      net: '25.13',
      tax: '2.51',
      gross: '27.64',
    });
  });
});

describe('a studio amount and its currency', () => {
  it('caps at 10,000,000 minor units and refuses finer than the currency', async () => {
    const { amountProblem, maxAmount } = await import('./studio-format.ts');
    expect(maxAmount('USD')).toBe('100000.00');
    expect(maxAmount('JPY')).toBe('10000000.00');
    expect(maxAmount('BHD')).toBe('10000.00');
    const usd = { currency: 'USD', locale: 'en-US' };
    expect(amountProblem('100000.00', usd)).toBeNull();
    expect(amountProblem('100000.01', usd)).toBe('Amounts cannot be more than $100,000.00');
    expect(amountProblem('12.345', usd)).toBe('USD amounts have at most 2 decimals');
    expect(amountProblem('12.345', { currency: 'BHD', locale: 'en-BH' })).toBeNull();
    expect(amountProblem('1500.5', { currency: 'JPY', locale: 'ja-JP' })).toBe(
      'JPY amounts have no decimals',
    );
  });
});

describe('an order discount spread over its lines', () => {
  it('gives whole cents, whole yen or fils, adding up to the discount', async () => {
    const { spreadDiscount } = await import('./tax.ts');
    // 1.00 off 2.67 + 4.82 (USD): 0.36 and 0.64, never 0.356.
    expect(spreadDiscount(1_000, [2_670, 4_820], 'USD')).toEqual([360, 640]);
    expect(spreadDiscount(100_000, [1_000_000, 2_000_000], 'JPY')).toEqual([33_000, 67_000]);
    expect(spreadDiscount(1_001, [2_675, 4_821], 'BHD')).toEqual([357, 644]);
  });
});
