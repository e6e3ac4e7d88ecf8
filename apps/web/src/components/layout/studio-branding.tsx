import { useBrandColours } from '@/lib/brand-colours';
import { useCurrentOrganization } from '@/lib/session';

/**
 * The current studio's brand colours on the signed-in UI; they come from /api/me, which a
 * settings change refetches (here and, through the live updates, in every open tab).
 */
export function StudioBranding() {
  const { organization } = useCurrentOrganization();
  useBrandColours(organization?.primaryColor ?? null, organization?.secondaryColor ?? null);
  return null;
}
