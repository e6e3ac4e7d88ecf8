import type { PortalKioskAccess } from '@fitbase/domain/contracts/kiosk';
import { useQuery } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/**
 * How the studio's kiosk knows the member without their QR code (docs/product/kiosk.md): the
 * studio's choice, the member's number, and whether a PIN is set.
 */
export function useKioskAccess() {
  const slug = usePortalSlug();
  return useQuery({
    queryKey: portalKeys.kioskAccess(slug),
    queryFn: ({ signal }) => portalFetch<PortalKioskAccess>(slug, '/kiosk-pin', { signal }),
  });
}
