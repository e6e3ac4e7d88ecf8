import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { serviceKeys } from '@/lib/query-keys';

export function servicesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: serviceKeys.list(organizationId),
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/api/services', { signal })).services,
  });
}

export function useServices(organizationId: string) {
  return useQuery(servicesQueryOptions(organizationId));
}
