import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { automationKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function deleteAutomation(id: string) {
  unwrap(await apiClient.DELETE('/api/automations/{id}', { params: { path: { id } } }));
}

export function useDeleteAutomation() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAutomation,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: automationKeys.all(organizationId) }),
  });
}
