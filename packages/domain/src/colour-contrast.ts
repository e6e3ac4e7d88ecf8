/**
 * WCAG 2 contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio). A studio's primary colour
 * carries white button text, in the app and in email, so it must reach 4.5:1 against white
 * (1.4.3, text). The secondary colour carries only white icons (the sidebar's studio tile) and
 * decoration, so it needs 3:1 (1.4.11, non-text contrast).
 */

export const HEX_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const MIN_TEXT_CONTRAST = 4.5;
export const MIN_GRAPHIC_CONTRAST = 3;

/** Relative luminance of a `#rrggbb` colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  if (!HEX_COLOUR_PATTERN.test(hex)) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of two colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The ratio as people read it: rounded down to one decimal, so 4.46 never shows as "4.5:1". */
export function formatContrast(ratio: number): string {
  return `${Math.floor(ratio * 10) / 10}:1`;
}

export function contrastWithWhite(hex: string): number {
  return contrastRatio(hex, '#ffffff');
}

/** The refusal people read, naming the ratio; null when the colour is dark enough. */
export function lowContrastMessage(hex: string, minimum = MIN_TEXT_CONTRAST): string | null {
  const ratio = contrastWithWhite(hex);
  if (ratio >= minimum) return null;
  const on = minimum === MIN_TEXT_CONTRAST ? 'white text' : 'white icons';
  return `${hex} has a contrast of ${formatContrast(ratio)} with ${on}; choose a darker colour (at least ${minimum}:1).`;
}
