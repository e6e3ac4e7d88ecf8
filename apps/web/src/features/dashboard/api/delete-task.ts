import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { taskKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function deleteTask(id: string) {
  return unwrap(await apiClient.DELETE('/api/tasks/{id}', { params: { path: { id } } }));
}

export function useDeleteTask() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all(organizationId) }),
  });
}
