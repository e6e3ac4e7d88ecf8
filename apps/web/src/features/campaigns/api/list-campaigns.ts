import type { CampaignList, CampaignSummary } from '@fitbase/domain/contracts/campaigns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { campaignKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Campaigns, newest first, matching a name or subject. */
export function campaignsQueryOptions(organizationId: string, search: string) {
  return queryOptions({
    queryKey: campaignKeys.list(organizationId, search),
    queryFn: async ({ signal }): Promise<CampaignList> =>
      unwrap(
        await apiClient.GET('/api/campaigns', {
          params: { query: { search: search || undefined } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useCampaigns(search: string) {
  const organizationId = useStudioId();
  return useQuery(campaignsQueryOptions(organizationId, search));
}

export function campaignSummaryQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: campaignKeys.summary(organizationId),
    queryFn: async ({ signal }): Promise<CampaignSummary> =>
      unwrap(await apiClient.GET('/api/campaigns/summary', { signal })),
  });
}

export function useCampaignSummary() {
  const organizationId = useStudioId();
  return useQuery(campaignSummaryQueryOptions(organizationId));
}
