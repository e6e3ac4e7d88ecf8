import type { Service } from '@fitbase/domain/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { serviceKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/**
 * The services an Add Class form can start from. Same key and shape as the services feature's
 * list (lib/query-keys.ts shares keys, never code), so both read one cache entry.
 */
export function serviceOptionsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: serviceKeys.list(organizationId),
    queryFn: async ({ signal }): Promise<Service[]> =>
      unwrap(await apiClient.GET('/api/services', { signal })).services,
  });
}

export function useServiceOptions() {
  const organizationId = useStudioId();
  return useQuery(serviceOptionsQueryOptions(organizationId));
}
