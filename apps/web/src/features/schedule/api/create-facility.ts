import type { Facility, FacilityInput } from '@fitbase/domain/contracts/schedule';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function createFacility(input: FacilityInput) {
  return unwrap(await apiClient.POST('/api/facilities', { body: input })) as Facility;
}

export function useCreateFacility() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFacility,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all(organizationId) }),
  });
}
