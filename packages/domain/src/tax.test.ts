import { describe, expect, it } from 'vitest';
import { rateMillionths, reverseTax, taxBasket, taxOn, type TaxRateRef } from './tax.ts';

const vat: TaxRateRef = { id: 'vat', name: 'VAT', rate: '20.0000', inclusive: true };
const reduced: TaxRateRef = { id: 'reduced', name: 'VAT reduced', rate: '7.0000', inclusive: true };
const nyc: TaxRateRef = { id: 'nyc', name: 'Sales tax', rate: '8.8750', inclusive: false };
const jct: TaxRateRef = { id: 'jct', name: '消費税', rate: '10.0000', inclusive: true };

describe('tax', () => {
  it('reads a rate with up to four decimals', () => {
    expect(rateMillionths('8.875')).toBe(88750n);
    expect(rateMillionths('20')).toBe(200000n);
    expect(() => rateMillionths('8.87501')).toThrow();
  });

  it('takes inclusive tax out of the price and adds exclusive tax on top', () => {
    expect(taxOn('49.00', vat, 'EUR', 'half_up')).toEqual({
      net: '40.83',
      tax: '8.17',
      gross: '49.00',
    });
    expect(taxOn('10.00', nyc, 'USD', 'half_up')).toEqual({
      net: '10.00',
      tax: '0.89',
      gross: '10.89',
    });
    expect(taxOn('10.00', null, 'USD', 'half_up')).toEqual({
      net: '10.00',
      tax: '0.00',
      gross: '10.00',
    });
  });

  it('rounds to whole yen for JPY', () => {
    expect(taxOn('1100.00', jct, 'JPY', 'half_up')).toEqual({
      net: '1000.00',
      tax: '100.00',
      gross: '1100.00',
    });
    const exclusive = { ...jct, inclusive: false, rate: '8.0000' };
    // 1,234 × 8% = 98.72 → 99 yen.
    expect(taxOn('1234.00', exclusive, 'JPY', 'half_up')).toEqual({
      net: '1234.00',
      tax: '99.00',
      gross: '1333.00',
    });
  });

  it('rounds each line, which can differ from rounding the total', () => {
    // 0.99 incl. 20%: 0.165 of tax per line. Half up: 0.17 × 3 = 0.51; the total's 2.97 would
    // give 0.495 → 0.50. Half even: 0.16 × 3 = 0.48.
    const basket = Array.from({ length: 3 }, () => ({ amount: '0.99', rate: vat }));
    const up = taxBasket(basket, 'EUR', 'half_up');
    expect(up.lines).toEqual([
      {
        rateId: 'vat',
        name: 'VAT',
        rate: '20.0000',
        inclusive: true,
        net: '2.46',
        tax: '0.51',
        gross: '2.97',
      },
    ]);
    expect(taxOn('2.97', vat, 'EUR', 'half_up').tax).toBe('0.50');
    const even = taxBasket(basket, 'EUR', 'half_even');
    expect(even.lines[0]!.tax).toBe('0.48');
    expect(taxOn('2.97', vat, 'EUR', 'half_even').tax).toBe('0.50');
  });

  it('sums a mixed basket per rate and leaves untaxed items out of the lines', () => {
    const basket = taxBasket(
      [
        { amount: '10.00', rate: vat },
        { amount: '5.35', rate: reduced },
        { amount: '3.00', rate: null },
        { amount: '20.00', rate: vat },
      ],
      'EUR',
      'half_up',
    );
    expect(basket.gross).toBe('38.35');
    expect(basket.lines.map((l) => [l.rateId, l.net, l.tax, l.gross])).toEqual([
      ['vat', '25.00', '5.00', '30.00'],
      ['reduced', '5.00', '0.35', '5.35'],
    ]);
  });

  it('gives tax back in proportion on a refund, all of it on a full refund', () => {
    const { lines } = taxBasket([{ amount: '49.00', rate: vat }], 'EUR', 'half_up');
    expect(reverseTax(lines, '49.00', '49.00', 'EUR')[0]).toMatchObject({
      net: '-40.83',
      tax: '-8.17',
      gross: '-49.00',
    });
    // Half of it: 4.085 → 4.09 of tax, 24.50 gross.
    expect(reverseTax(lines, '24.50', '49.00', 'EUR')[0]).toMatchObject({
      net: '-20.41',
      tax: '-4.09',
      gross: '-24.50',
    });
    expect(reverseTax([], '1.00', '2.00', 'EUR')).toEqual([]);
  });
});
