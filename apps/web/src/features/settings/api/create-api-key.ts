import type { CreateApiKeyInput, CreatedApiKey } from '@fitbase/domain/contracts/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { useStudioId } from '@/hooks/use-studio-id';
import { apiKeyKeys } from './api-key-keys';

/** `Create API key`: the key is in this answer only. */
export function useCreateApiKey() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApiKeyInput): Promise<CreatedApiKey> =>
      unwrap(await apiClient.POST('/api/api-keys', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list(organizationId) }),
  });
}
