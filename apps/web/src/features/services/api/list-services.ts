import type { ServiceList } from '@fitbase/domain/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Every services query lives under this key: mutations and live updates (lib/realtime.ts,
 * entity 'services') invalidate the whole family, and the organization id keeps studios apart.
 */
export function servicesKey(organizationId: string) {
  return ['organizations', organizationId, 'services'] as const;
}

export function servicesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...servicesKey(organizationId), 'list'],
    queryFn: async ({ signal }) => (await api<ServiceList>('/api/services', { signal })).services,
  });
}

export function useServices(organizationId: string) {
  return useQuery(servicesQueryOptions(organizationId));
}
