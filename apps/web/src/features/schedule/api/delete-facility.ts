import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function deleteFacility(id: string) {
  unwrap(await apiClient.DELETE('/api/facilities/{id}', { params: { path: { id } } }));
}

export function useDeleteFacility() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFacility,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all(organizationId) }),
  });
}
