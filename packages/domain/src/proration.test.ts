import { describe, expect, it } from 'vitest';
import { prorate, unusedPeriod } from './proration.ts';

describe('unusedPeriod', () => {
  it('is the interval before the next billing date, from today', () => {
    expect(
      unusedPeriod(
        { startDate: '2026-01-15', nextBillingDate: '2026-12-15' },
        'month',
        '2026-11-29',
      ),
    ).toEqual({
      periodStart: '2026-11-15',
      periodEnd: '2026-12-15',
      periodDays: 30,
      unusedDays: 16,
    });
  });

  it('never starts before the membership, and never counts more days than the period', () => {
    expect(
      unusedPeriod(
        { startDate: '2026-11-20', nextBillingDate: '2026-12-15' },
        'month',
        '2026-11-10',
      ),
    ).toMatchObject({ periodStart: '2026-11-20', periodDays: 25, unusedDays: 25 });
    expect(
      unusedPeriod(
        { startDate: '2026-01-01', nextBillingDate: '2026-12-01' },
        'week',
        '2026-12-01',
      ),
    ).toMatchObject({ periodStart: '2026-11-24', periodDays: 7, unusedDays: 0 });
  });
});

describe('prorate', () => {
  it('is exact to the cent, rounding half up', () => {
    expect(prorate('49.00', 16, 30, 'USD')).toBe('26.13'); // 26.1333…
    expect(prorate('10.00', 1, 8, 'EUR')).toBe('1.25');
    expect(prorate('0.05', 1, 2, 'USD')).toBe('0.03'); // 0.025 → 0.03
    expect(prorate('99.99', 30, 30, 'USD')).toBe('99.99');
    expect(prorate('99.99', 0, 30, 'USD')).toBe('0.00');
  });

  it('keeps whole yen for JPY', () => {
    expect(prorate('5000.00', 16, 30, 'JPY')).toBe('2667.00'); // 2666.67 → 2667
    expect(prorate('1000.00', 1, 3, 'JPY')).toBe('333.00');
  });
});
