import type { ApiKey } from '@fitbase/domain/contracts/api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { useStudioId } from '@/hooks/use-studio-id';
import { apiKeyKeys } from './api-key-keys';

/** Settings › API keys (docs/product/integrations.md#api-keys): owners and admins. */
export function apiKeysQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: apiKeyKeys.list(organizationId),
    queryFn: async ({ signal }): Promise<ApiKey[]> =>
      unwrap(await apiClient.GET('/api/api-keys', { signal })).apiKeys,
    enabled: Boolean(organizationId),
  });
}

export function useApiKeys() {
  const organizationId = useStudioId();
  return useQuery(apiKeysQueryOptions(organizationId));
}
