import { describe, expect, it } from 'vitest';
import { isMinorOn, waiverSignedText } from './waivers.ts';

describe('waiver rules (docs/product/waivers.md)', () => {
  it('is under 18 until the 18th birthday, on the studio day given', () => {
    expect(isMinorOn('2008-03-15', '2026-03-14')).toBe(true);
    expect(isMinorOn('2008-03-15', '2026-03-15')).toBe(false);
    expect(isMinorOn('2008-12-31', '2026-01-01')).toBe(true);
    expect(isMinorOn('1990-06-01', '2026-03-14')).toBe(false);
  });

  it('treats a member without a date of birth as an adult', () => {
    expect(isMinorOn(null, '2026-03-14')).toBe(false);
  });

  it('signs the title, a blank line and the body, exactly', () => {
    expect(waiverSignedText('Title', 'Body\nline')).toBe('Title\n\nBody\nline');
  });
});
