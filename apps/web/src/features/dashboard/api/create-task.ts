import type { TaskInput } from '@fitbase/domain/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { taskKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function createTask(input: TaskInput) {
  return unwrap(await apiClient.POST('/api/tasks', { body: input }));
}

export function useCreateTask() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all(organizationId) }),
  });
}
