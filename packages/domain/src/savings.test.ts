import { describe, expect, it } from 'vitest';
import { annualSaving, formatCents, formatDollars, toCents } from './savings.ts';

describe('annualSaving (12 × monthly − yearly)', () => {
  it('computes the saving exactly where floating point would drift', () => {
    // 12 × 0.1 − 1.1 is 0.10000000000000009 in floating point.
    expect(annualSaving('0.10', '1.10')).toBe('0.10');
    expect(annualSaving('19.99', '199.99')).toBe('39.89');
    expect(annualSaving('49', '490')).toBe('98.00');
    expect(annualSaving('99.90', '999')).toBe('199.80');
  });

  it('is null without a yearly price and negative when yearly costs more', () => {
    expect(annualSaving('10.00', null)).toBeNull();
    expect(annualSaving('10.00', '')).toBeNull();
    expect(annualSaving('10.00', '130.00')).toBe('-10.00');
    expect(annualSaving('10.00', '120')).toBe('0.00');
  });

  it('handles the largest price the database stores', () => {
    expect(annualSaving('99999999.99', '0')).toBe('1199999999.88');
  });
});

describe('toCents / formatCents / formatDollars', () => {
  it('parses one or two decimals and refuses anything else', () => {
    expect(toCents('49.9')).toBe(4990);
    expect(toCents(' 0.05 ')).toBe(5);
    expect(toCents('7')).toBe(700);
    for (const bad of ['-1', '1.234', 'abc', '', '1e3', '.5'])
      expect(() => toCents(bad), bad).toThrow();
  });

  it('formats with two decimals and a sign', () => {
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-1005)).toBe('-10.05');
    expect(formatDollars('1234.5')).toBe('$1,234.50');
    expect(formatDollars('-10')).toBe('-$10.00');
    expect(formatDollars('0')).toBe('$0.00');
  });
});
