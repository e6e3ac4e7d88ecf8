import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { automationKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export const RUNS_PAGE_SIZE = 20;

export function automationRunsQueryOptions(organizationId: string, id: string, page: number) {
  return queryOptions({
    queryKey: automationKeys.runs(organizationId, id, page),
    queryFn: async ({ signal }) =>
      unwrap(
        await apiClient.GET('/api/automations/{id}/runs', {
          params: { path: { id }, query: { page, pageSize: RUNS_PAGE_SIZE } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAutomationRuns(id: string, page: number) {
  const organizationId = useStudioId();
  return useQuery(automationRunsQueryOptions(organizationId, id, page));
}
