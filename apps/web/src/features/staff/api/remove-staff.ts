import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { staffKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function removeStaff(id: string) {
  unwrap(await apiClient.DELETE('/api/staff/{id}', { params: { path: { id } } }));
}

export function useRemoveStaff() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all(organizationId) }),
  });
}
