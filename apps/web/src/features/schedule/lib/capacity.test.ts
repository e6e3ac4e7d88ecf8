import { describe, expect, it } from 'vitest';
import { capacityStyle } from './capacity';

describe('capacityStyle', () => {
  it('maps the fill to the capacity colours at 50, 70 and 90 percent', () => {
    const level = (booked: number, capacity: number) => capacityStyle(booked, capacity).level;
    expect(level(0, 10)).toBe('green');
    expect(level(4, 10)).toBe('green');
    expect(level(5, 10)).toBe('yellow');
    expect(level(69, 100)).toBe('yellow');
    expect(level(7, 10)).toBe('orange');
    expect(level(89, 100)).toBe('orange');
    expect(level(9, 10)).toBe('red');
    expect(level(10, 10)).toBe('red');
    expect(level(0, 0)).toBe('green');
  });

  it('always gives a word and a percent, so colour is never the only signal', () => {
    expect(capacityStyle(8, 12)).toMatchObject({ percent: 67, label: 'Half full' });
    expect(capacityStyle(12, 12)).toMatchObject({ percent: 100, label: 'Full' });
    expect(capacityStyle(11, 12)).toMatchObject({ label: 'Almost full' });
    expect(capacityStyle(1, 12)).toMatchObject({ label: 'Open' });
    for (const [b, c] of [
      [0, 1],
      [5, 10],
      [7, 10],
      [9, 10],
    ] as const) {
      expect(capacityStyle(b, c).className).toMatch(/text-\w+-900/);
    }
  });
});
