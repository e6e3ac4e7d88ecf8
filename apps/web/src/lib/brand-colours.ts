import { HEX_COLOUR_PATTERN } from '@fitbase/domain/colour-contrast';
import { useEffect } from 'react';

// The theme's colour variables (styles.css) that take the studio's colours.
const PRIMARY_VARS = ['--primary', '--ring', '--sidebar-ring'];
const SECONDARY_VARS = ['--sidebar-primary'];

/**
 * Applies a studio's brand colours (Settings → General) by overriding the theme's CSS variables
 * on <html>, for the staff app and the member portal alike. No colours (or unmounting) restores
 * the theme's own. Settings only accept colours readable on white, so text on them stays legible.
 */
export function useBrandColours(primary: string | null, secondary: string | null): void {
  useEffect(() => {
    const style = document.documentElement.style;
    const apply = (vars: string[], colour: string | null) => {
      for (const name of vars) {
        if (colour && HEX_COLOUR_PATTERN.test(colour)) style.setProperty(name, colour);
        else style.removeProperty(name);
      }
    };
    apply(PRIMARY_VARS, primary);
    // The secondary colour falls back to the primary (the sidebar's studio tile).
    apply(SECONDARY_VARS, secondary ?? primary);
    return () => {
      apply([...PRIMARY_VARS, ...SECONDARY_VARS], null);
    };
  }, [primary, secondary]);
}
