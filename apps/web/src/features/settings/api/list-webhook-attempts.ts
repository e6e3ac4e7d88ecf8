import type { WebhookAttempt } from '@fitbase/domain/contracts/webhooks';
import { useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { useStudioId } from '@/hooks/use-studio-id';
import { webhookKeys } from './webhook-keys';

/** `Deliveries`: an endpoint's latest attempts, newest first (refreshed while open). */
export function useWebhookAttempts(endpointId: string | null) {
  const organizationId = useStudioId();
  return useQuery({
    queryKey: webhookKeys.attempts(organizationId, endpointId ?? ''),
    queryFn: async ({ signal }): Promise<WebhookAttempt[]> =>
      unwrap(
        await apiClient.GET('/api/webhook-endpoints/{id}/attempts', {
          params: { path: { id: endpointId! } },
          signal,
        }),
      ).attempts,
    enabled: Boolean(organizationId && endpointId),
    refetchInterval: 5_000,
  });
}
