import type { PortalHousehold } from '@fitbase/domain/contracts/households';
import type { PortalBooking, PortalBookings } from '@fitbase/domain/contracts/portal';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

// The household in the portal (docs/product/member-portal.md#household): its payer books for the
// others and sees their bookings.

const householdKey = (slug: string) => [...portalKeys.all(slug), 'household'] as const;
const dependentBookingsKey = (slug: string, memberId: string) =>
  [...householdKey(slug), 'bookings', memberId] as const;

export function householdQueryOptions(slug: string) {
  return queryOptions({
    queryKey: householdKey(slug),
    queryFn: ({ signal }) => portalFetch<PortalHousehold>(slug, '/household', { signal }),
  });
}

export function useHousehold() {
  return useQuery(householdQueryOptions(usePortalSlug()));
}

export function useDependentBookings(memberId: string) {
  const slug = usePortalSlug();
  return useQuery({
    queryKey: dependentBookingsKey(slug, memberId),
    queryFn: ({ signal }) =>
      portalFetch<PortalBookings>(slug, `/dependents/${encodeURIComponent(memberId)}/bookings`, {
        signal,
      }),
  });
}

/** Books a class (or a waitlist place) for a household member. */
export function useBookForDependent(memberId: string) {
  const slug = usePortalSlug();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      portalFetch<PortalBooking>(slug, `/dependents/${encodeURIComponent(memberId)}/book`, {
        method: 'POST',
        body: { sessionId },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: dependentBookingsKey(slug, memberId) });
      void queryClient.invalidateQueries({ queryKey: portalKeys.weeks(slug) });
    },
  });
}
