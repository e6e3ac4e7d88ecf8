import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { automationKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export function automationsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: automationKeys.list(organizationId),
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/api/automations', { signal })).automations,
  });
}

export function useAutomations() {
  const organizationId = useStudioId();
  return useQuery(automationsQueryOptions(organizationId));
}
