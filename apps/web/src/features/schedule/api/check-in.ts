import type { Booking } from '@fitbase/domain/contracts/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { dashboardKeys, memberKeys, scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export interface CheckInBookingInput {
  bookingId: string;
  /** Check in although the membership is not active (after the person confirmed it). */
  confirm?: boolean;
}

/** Marks a booked member attended; the server records a visit of type class. */
export async function checkInBooking({
  bookingId,
  confirm,
}: CheckInBookingInput): Promise<Booking> {
  return unwrap(
    await apiClient.POST('/api/bookings/{id}/check-in', {
      params: { path: { id: bookingId } },
      body: confirm ? { confirm: true } : {},
    }),
  );
}

export function useCheckInBooking() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkInBooking,
    onSuccess: (booking) => {
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all(organizationId) });
      void queryClient.invalidateQueries({
        queryKey: memberKeys.visits(organizationId, booking.memberId),
      });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(organizationId) });
    },
  });
}
