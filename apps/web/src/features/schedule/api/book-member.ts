import type { Booking, BookingCreate } from '@fitbase/domain/contracts/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { dashboardKeys, scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Books a member into a session; the answer says booked or waitlisted (with the position). */
export async function bookMember(sessionId: string, input: BookingCreate): Promise<Booking> {
  return unwrap(
    await apiClient.POST('/api/sessions/{id}/bookings', {
      params: { path: { id: sessionId } },
      body: input,
    }),
  );
}

export function useBookMember(sessionId: string) {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingCreate) => bookMember(sessionId, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all(organizationId) });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(organizationId) });
    },
  });
}
