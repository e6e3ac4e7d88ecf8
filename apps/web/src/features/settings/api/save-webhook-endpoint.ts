import type {
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookEndpoint,
} from '@fitbase/domain/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { useStudioId } from '@/hooks/use-studio-id';
import { webhookKeys } from './webhook-keys';

function useRefreshList() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(organizationId) });
}

/** `Add endpoint`: refused (400 on the url field) when the address is not https:// or not public. */
export function useCreateWebhookEndpoint() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: async (input: CreateWebhookEndpointInput): Promise<WebhookEndpoint> =>
      unwrap(await apiClient.POST('/api/webhook-endpoints', { body: input })),
    onSuccess: refresh,
  });
}

/** Edit an endpoint's address, description or events, or turn it on or off. */
export function useUpdateWebhookEndpoint() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: async ({
      id,
      changes,
    }: {
      id: string;
      changes: UpdateWebhookEndpointInput;
    }): Promise<WebhookEndpoint> =>
      unwrap(
        await apiClient.PATCH('/api/webhook-endpoints/{id}', {
          params: { path: { id } },
          body: changes,
        }),
      ),
    onSuccess: refresh,
  });
}

export function useDeleteWebhookEndpoint() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: async (id: string): Promise<void> =>
      void unwrap(
        await apiClient.DELETE('/api/webhook-endpoints/{id}', { params: { path: { id } } }),
      ),
    onSuccess: refresh,
  });
}

/** `Rotate secret`: the old secret stops signing at once. */
export function useRotateWebhookSecret() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: async (id: string): Promise<WebhookEndpoint> =>
      unwrap(
        await apiClient.POST('/api/webhook-endpoints/{id}/rotate-secret', {
          params: { path: { id } },
        }),
      ),
    onSuccess: refresh,
  });
}

/** `Resend`: one more attempt now; the list shows it once sent. */
export function useResendWebhookDelivery(endpointId: string) {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: string) =>
      unwrap(
        await apiClient.POST('/api/webhook-deliveries/{id}/resend', {
          params: { path: { id: deliveryId } },
        }),
      ),
    // The attempt is made by the job queue within a moment; the list also refreshes every 5 s.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.attempts(organizationId, endpointId) }),
  });
}
