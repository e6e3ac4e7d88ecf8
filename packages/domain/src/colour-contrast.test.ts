import { describe, expect, it } from 'vitest';
import {
  MIN_GRAPHIC_CONTRAST,
  contrastRatio,
  contrastWithWhite,
  formatContrast,
  lowContrastMessage,
  relativeLuminance,
} from './colour-contrast.ts';

describe('colour contrast (WCAG 2)', () => {
  it('computes luminance and the extreme ratios', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('matches published ratios against white', () => {
    // Reference values from the WebAIM contrast checker.
    expect(contrastWithWhite('#767676')).toBeCloseTo(4.54, 2);
    expect(contrastWithWhite('#2563eb')).toBeCloseTo(5.17, 2);
    expect(contrastWithWhite('#ffff00')).toBeCloseTo(1.07, 2);
  });

  it('rounds the shown ratio down so a failing colour never reads as passing', () => {
    expect(formatContrast(4.46)).toBe('4.4:1');
    expect(formatContrast(21)).toBe('21:1');
  });

  it('refuses a light primary colour naming its ratio and accepts a dark one', () => {
    expect(lowContrastMessage('#facc15')).toBe(
      '#facc15 has a contrast of 1.5:1 with white text; choose a darker colour (at least 4.5:1).',
    );
    expect(lowContrastMessage('#1d4ed8')).toBeNull();
    // 3.5:1 is enough for icons, not for text.
    expect(lowContrastMessage('#3b82f6', MIN_GRAPHIC_CONTRAST)).toBeNull();
    expect(lowContrastMessage('#3b82f6')).toMatch(/contrast of 3\.6:1 with white text/);
  });

  it('throws on anything but #rrggbb', () => {
    expect(() => relativeLuminance('red')).toThrow();
    expect(() => relativeLuminance('#fff')).toThrow();
  });
});
