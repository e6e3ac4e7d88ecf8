import type { WebhookEndpoint } from '@fitbase/domain/contracts/webhooks';
import { useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { useStudioId } from '@/hooks/use-studio-id';
import { webhookKeys } from './webhook-keys';

/** Settings → Webhooks (docs/product/integrations.md#webhooks): owners and admins. */
export function useWebhookEndpoints() {
  const organizationId = useStudioId();
  return useQuery({
    queryKey: webhookKeys.list(organizationId),
    queryFn: async ({ signal }): Promise<WebhookEndpoint[]> =>
      unwrap(await apiClient.GET('/api/webhook-endpoints', { signal })).endpoints,
    enabled: Boolean(organizationId),
  });
}
