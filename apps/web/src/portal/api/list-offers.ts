import type { PortalOffer } from '@fitbase/domain/contracts/portal';
import { useQuery } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** What the studio sells online (plans marked Sold online). */
export function useOffers() {
  const slug = usePortalSlug();
  return useQuery({
    queryKey: portalKeys.offers(slug),
    queryFn: ({ signal }) => portalFetch<{ offers: PortalOffer[] }>(slug, '/offers', { signal }),
  });
}
