import type { AppointmentInput } from '@fitbase/domain/contracts/appointments';
import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { dashboardKeys, scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Books a one-to-one appointment: a session of kind 'appointment' with the member booked. */
export async function bookAppointment(input: AppointmentInput): Promise<SessionSummary> {
  return unwrap(await apiClient.POST('/api/appointments', { body: input })) as SessionSummary;
}

export function useBookAppointment() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookAppointment,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all(organizationId) });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(organizationId) });
    },
  });
}
