import type { Facility, FacilityUpdate } from '@fitbase/domain/contracts/schedule';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function updateFacility({ id, changes }: { id: string; changes: FacilityUpdate }) {
  return unwrap(
    await apiClient.PATCH('/api/facilities/{id}', { params: { path: { id } }, body: changes }),
  ) as Facility;
}

export function useUpdateFacility() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFacility,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all(organizationId) }),
  });
}
