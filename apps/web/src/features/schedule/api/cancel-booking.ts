import type { Booking } from '@fitbase/domain/contracts/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { dashboardKeys, scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Cancels a booking (or a waitlist place); the answer's status says whether it was late. */
export async function cancelBooking(bookingId: string): Promise<Booking> {
  return unwrap(
    await apiClient.POST('/api/bookings/{id}/cancel', { params: { path: { id: bookingId } } }),
  );
}

export function useCancelBooking() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all(organizationId) });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(organizationId) });
    },
  });
}
