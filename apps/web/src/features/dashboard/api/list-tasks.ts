import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { taskKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Today's tasks: due today (done or not) and overdue ones still open, in the studio's day. */
export function todaysTasksQueryOptions(organizationId: string) {
  const filters = { due: 'today', assignee: 'anyone' } as const;
  return queryOptions({
    queryKey: taskKeys.list(organizationId, filters),
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/api/tasks', { params: { query: filters }, signal })),
  });
}

export function useTodaysTasks() {
  const organizationId = useStudioId();
  return useQuery(todaysTasksQueryOptions(organizationId));
}
