import type { Booking } from '@fitbase/domain/contracts/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { dashboardKeys, memberKeys, scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Back to booked, and the check-in's visit removed (only until attendance is closed). */
export async function undoCheckIn(bookingId: string): Promise<Booking> {
  return unwrap(
    await apiClient.POST('/api/bookings/{id}/undo-check-in', {
      params: { path: { id: bookingId } },
    }),
  );
}

export function useUndoCheckIn() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoCheckIn,
    onSuccess: (booking) => {
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all(organizationId) });
      void queryClient.invalidateQueries({
        queryKey: memberKeys.visits(organizationId, booking.memberId),
      });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(organizationId) });
    },
  });
}
