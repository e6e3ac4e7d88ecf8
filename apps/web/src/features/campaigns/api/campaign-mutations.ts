import type { CampaignInput, CampaignSend } from '@fitbase/domain/contracts/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useStudioId } from '@/hooks/use-studio-id';
import { apiClient, unwrap } from '@/lib/api/client';
import { campaignKeys } from '@/lib/query-keys';

/** Every change to a campaign refreshes the campaigns family (list, cards, details). */
function useCampaignMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all(organizationId) }),
  });
}

export const useCreateCampaign = () =>
  useCampaignMutation(async (input: CampaignInput) =>
    unwrap(await apiClient.POST('/api/campaigns', { body: input })),
  );

export const useSendCampaign = () =>
  useCampaignMutation(async ({ id, send }: { id: string; send: CampaignSend }) =>
    unwrap(
      await apiClient.POST('/api/campaigns/{id}/send', { params: { path: { id } }, body: send }),
    ),
  );

export const useDuplicateCampaign = () =>
  useCampaignMutation(async (id: string) =>
    unwrap(await apiClient.POST('/api/campaigns/{id}/duplicate', { params: { path: { id } } })),
  );

export const useDeleteCampaign = () =>
  useCampaignMutation(async (id: string) =>
    unwrap(await apiClient.DELETE('/api/campaigns/{id}', { params: { path: { id } } })),
  );
