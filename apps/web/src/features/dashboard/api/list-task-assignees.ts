import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { staffKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The studio's people a task can be given to (the add-task form's assignee picker). */
export function taskAssigneesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...staffKeys.all(organizationId), 'task-assignees'] as const,
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/api/staff', { signal })).staff.map((s) => ({
        userId: s.userId,
        name: s.fullName ?? s.email,
      })),
  });
}

export function useTaskAssignees() {
  const organizationId = useStudioId();
  return useQuery(taskAssigneesQueryOptions(organizationId));
}
