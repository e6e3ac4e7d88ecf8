import { describe, expect, it } from 'vitest';
import { numericText } from './numeric-text.ts';

describe('numericText', () => {
  it('writes an amount of scale 3 as the API always has, keeping a fils', () => {
    expect(numericText('25.000')).toBe('25.00');
    expect(numericText('-0.500')).toBe('-0.50');
    expect(numericText('25.125')).toBe('25.125');
  });

  it('leaves every other scale alone: a tax rate, an average, an integer', () => {
    expect(numericText('20.0000')).toBe('20.0000');
    expect(numericText('12.5000000000000000')).toBe('12.5000000000000000');
    expect(numericText('40')).toBe('40');
    expect(numericText('3.10')).toBe('3.10');
  });
});
