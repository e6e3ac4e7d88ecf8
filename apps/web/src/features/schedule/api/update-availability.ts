import type { Availability, AvailabilityInput } from '@fitbase/domain/contracts/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Replaces a trainer's whole weekly availability. */
export async function updateAvailability(
  userId: string,
  input: AvailabilityInput,
): Promise<Availability> {
  return unwrap(
    await apiClient.PUT('/api/trainers/{userId}/availability', {
      params: { path: { userId } },
      body: input,
    }),
  );
}

export function useUpdateAvailability(userId: string) {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AvailabilityInput) => updateAvailability(userId, input),
    onSuccess: (availability) => {
      queryClient.setQueryData(scheduleKeys.availability(organizationId, userId), availability);
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all(organizationId) });
    },
  });
}
