import { HEX_COLOUR_PATTERN } from '@fitbase/domain/colour-contrast';
import { useEffect } from 'react';
import { useCurrentOrganization } from '@/lib/session';

// The theme's colour variables (styles.css) that take the studio's colours.
const PRIMARY_VARS = ['--primary', '--ring', '--sidebar-ring'];
const SECONDARY_VARS = ['--sidebar-primary'];

/**
 * Applies the current studio's brand colours (Settings → General) to the signed-in UI by
 * overriding the theme's CSS variables on <html>; they come from /api/me, which a settings
 * change refetches (here and, through the live updates, in every open tab). A studio without
 * colours, or signing out, restores the theme's own.
 */
export function StudioBranding() {
  const { organization } = useCurrentOrganization();
  const primary = organization?.primaryColor ?? null;
  const secondary = organization?.secondaryColor ?? null;
  useEffect(() => {
    const style = document.documentElement.style;
    const apply = (vars: string[], colour: string | null) => {
      for (const name of vars) {
        if (colour && HEX_COLOUR_PATTERN.test(colour)) style.setProperty(name, colour);
        else style.removeProperty(name);
      }
    };
    apply(PRIMARY_VARS, primary);
    // The secondary colour falls back to the primary for the sidebar's studio tile.
    apply(SECONDARY_VARS, secondary ?? primary);
    return () => {
      apply([...PRIMARY_VARS, ...SECONDARY_VARS], null);
    };
  }, [primary, secondary]);
  return null;
}
