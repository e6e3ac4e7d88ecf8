import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { serviceKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export interface ServiceOption {
  id: string;
  name: string;
}

/** The organization's active services, ordered by name: membership types and class interests. */
export function activeServicesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: serviceKeys.activeNames(organizationId),
    queryFn: async ({ signal }): Promise<ServiceOption[]> => {
      const { services } = unwrap(
        await apiClient.GET('/api/services', { params: { query: { active: 'true' } }, signal }),
      );
      return services.map(({ id, name }) => ({ id, name }));
    },
    enabled: Boolean(organizationId),
  });
}

export function useActiveServices() {
  const organizationId = useStudioId();
  return useQuery(activeServicesQueryOptions(organizationId));
}
