import {
  contrastWithWhite,
  HEX_COLOUR_PATTERN,
  MIN_TEXT_CONTRAST,
} from '@fitbase/domain/colour-contrast';

/** The kiosk's own dark colour, under white text, when the studio's is missing or too light. */
export const KIOSK_DEFAULT_BRAND = '#1e293b';

/**
 * The studio's primary colour where the kiosk sets white text on it, only when that text stays
 * readable (4.5:1); otherwise the kiosk's own dark colour.
 */
export function brandColour(primary: string | null): string {
  return primary &&
    HEX_COLOUR_PATTERN.test(primary) &&
    contrastWithWhite(primary) >= MIN_TEXT_CONTRAST
    ? primary
    : KIOSK_DEFAULT_BRAND;
}
