import type { PortalBookings } from '@fitbase/domain/contracts/portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** The member's upcoming bookings (soonest first) and past visits (newest first). */
export function bookingsQueryOptions(slug: string) {
  return queryOptions({
    queryKey: portalKeys.bookings(slug),
    queryFn: ({ signal }) => portalFetch<PortalBookings>(slug, '/bookings', { signal }),
  });
}

export function useBookings() {
  return useQuery(bookingsQueryOptions(usePortalSlug()));
}
