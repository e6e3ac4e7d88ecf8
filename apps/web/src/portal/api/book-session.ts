import type { PortalBooking } from '@fitbase/domain/contracts/portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** Books a place, or a place on the waitlist when the session is full. */
export function bookSession(slug: string, sessionId: string) {
  return portalFetch<PortalBooking>(slug, `/sessions/${encodeURIComponent(sessionId)}/book`, {
    method: 'POST',
  });
}

export function useBookSession() {
  const slug = usePortalSlug();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...portalKeys.all(slug), 'book'],
    mutationFn: (sessionId: string) => bookSession(slug, sessionId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: portalKeys.weeks(slug) });
      void queryClient.invalidateQueries({ queryKey: portalKeys.bookings(slug) });
    },
  });
}
