import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { serviceKeys } from '@/lib/query-keys';

export async function deleteService(id: string) {
  unwrap(await apiClient.DELETE('/api/services/{id}', { params: { path: { id } } }));
}

export function useDeleteService(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all(organizationId) }),
  });
}
