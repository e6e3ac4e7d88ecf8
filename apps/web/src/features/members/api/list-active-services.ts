import type { ServiceList } from '@fitbase/domain/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { memberKeys } from './member-keys';

export interface ServiceOption {
  id: string;
  name: string;
}

/** The organization's active services, ordered by name: membership types and class interests. */
export function activeServicesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: memberKeys.activeServices(organizationId),
    queryFn: async ({ signal }): Promise<ServiceOption[]> => {
      const { services } = await api<ServiceList>('/api/services?active=true', { signal });
      return services.map(({ id, name }) => ({ id, name }));
    },
    enabled: Boolean(organizationId),
  });
}

export function useActiveServices(organizationId: string) {
  return useQuery(activeServicesQueryOptions(organizationId));
}
