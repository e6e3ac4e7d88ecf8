import type { PortalBooking } from '@fitbase/domain/contracts/portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

export function cancelBooking(slug: string, bookingId: string) {
  return portalFetch<PortalBooking>(slug, `/bookings/${encodeURIComponent(bookingId)}/cancel`, {
    method: 'POST',
  });
}

export function useCancelBooking() {
  const slug = usePortalSlug();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...portalKeys.all(slug), 'cancel'],
    mutationFn: (bookingId: string) => cancelBooking(slug, bookingId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: portalKeys.bookings(slug) });
      void queryClient.invalidateQueries({ queryKey: portalKeys.weeks(slug) });
    },
  });
}
