import { Outlet } from 'react-router';
import { useBrandColours } from '@/lib/brand-colours';
import { useStudio } from '../api/get-studio';

/**
 * Every portal page in the studio's colours (Settings › General), signed in or out, framed or
 * not: the studio's own app, not FitBase's (docs/product/member-portal.md#the-studios-brand).
 */
export function PortalBranding() {
  const { data: studio } = useStudio();
  useBrandColours(studio?.primaryColor ?? null, studio?.secondaryColor ?? null);
  return <Outlet />;
}
