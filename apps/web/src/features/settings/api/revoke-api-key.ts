import type { ApiKey } from '@fitbase/domain/contracts/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { useStudioId } from '@/hooks/use-studio-id';
import { apiKeyKeys } from './api-key-keys';

/** `Revoke`: the key is refused from its next request on. */
export function useRevokeApiKey() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<ApiKey> =>
      unwrap(await apiClient.POST('/api/api-keys/{id}/revoke', { params: { path: { id } } })),
    onSuccess: (revoked) => {
      queryClient.setQueryData<ApiKey[]>(apiKeyKeys.list(organizationId), (keys) =>
        keys?.map((key) => (key.id === revoked.id ? revoked : key)),
      );
    },
  });
}
