import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { serviceKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export function servicesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: serviceKeys.list(organizationId),
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/api/services', { signal })).services,
  });
}

export function useServices() {
  const organizationId = useStudioId();
  return useQuery(servicesQueryOptions(organizationId));
}
