import type { CampaignDetails } from '@fitbase/domain/contracts/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { campaignKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** One campaign with its figures over time (View Details). */
export function campaignQueryOptions(organizationId: string, id: string) {
  return queryOptions({
    queryKey: campaignKeys.detail(organizationId, id),
    queryFn: async ({ signal }): Promise<CampaignDetails> =>
      unwrap(await apiClient.GET('/api/campaigns/{id}', { params: { path: { id } }, signal })),
  });
}

export function useCampaign(id: string | null) {
  const organizationId = useStudioId();
  return useQuery({ ...campaignQueryOptions(organizationId, id ?? ''), enabled: id !== null });
}
