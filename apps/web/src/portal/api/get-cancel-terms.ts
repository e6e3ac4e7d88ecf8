import type { PortalCancelTerms } from '@fitbase/domain/contracts/portal';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** What cancelling a booking now means (late or free), asked afresh each time. */
export function getCancelTerms(slug: string, bookingId: string, signal?: AbortSignal) {
  return portalFetch<PortalCancelTerms>(
    slug,
    `/bookings/${encodeURIComponent(bookingId)}/cancel-terms`,
    { signal },
  );
}

/** A function that fetches a booking's cancel terms when the member asks to cancel it. */
export function useFetchCancelTerms() {
  const slug = usePortalSlug();
  const queryClient = useQueryClient();
  return useCallback(
    (bookingId: string) =>
      queryClient.fetchQuery({
        queryKey: portalKeys.cancelTerms(slug, bookingId),
        queryFn: ({ signal }) => getCancelTerms(slug, bookingId, signal),
        staleTime: 0,
        retry: false,
      }),
    [queryClient, slug],
  );
}
