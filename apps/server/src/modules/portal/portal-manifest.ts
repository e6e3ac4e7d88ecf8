import type { PortalContextRow } from '../../context/member-session.queries.ts';

/** FitBase blue: the theme colour of a studio that has not chosen its own. */
export const DEFAULT_THEME_COLOR = '#1447e6';
const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The app icons (apps/web/public/icons, drawn by scripts/gen-portal-icons.mjs). */
const ICONS = [
  { src: '/icons/fitbase-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/fitbase-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  {
    src: '/icons/fitbase-maskable-512.png',
    sizes: '512x512',
    type: 'image/png',
    purpose: 'maskable',
  },
] as const;

/**
 * The studio's web app manifest (docs/product/member-portal.md, "Installable and offline"): its
 * portal installed on a phone's home screen under the studio's name, opening on its portal, in
 * its primary colour. One per studio: a member of two studios installs two apps.
 */
export function studioManifest(studio: Pick<PortalContextRow, 'name' | 'slug' | 'primary_color'>) {
  const base = `/m/${studio.slug}/`;
  const themeColor =
    studio.primary_color && HEX_COLOUR.test(studio.primary_color)
      ? studio.primary_color
      : DEFAULT_THEME_COLOR;
  return {
    id: base,
    name: studio.name,
    short_name: studio.name,
    description: `${studio.name}: book classes, manage your membership and check in.`,
    start_url: base,
    scope: base,
    display: 'standalone',
    theme_color: themeColor,
    background_color: '#ffffff',
    icons: ICONS,
  };
}
