import type { Audience } from '@fitbase/domain/contracts/audiences';
import type { EmailTemplate } from '@fitbase/domain/contracts/email-templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useStudioId } from '@/hooks/use-studio-id';
import { apiClient, unwrap } from '@/lib/api/client';
import { audienceKeys, campaignKeys } from '@/lib/query-keys';

/** The postal address printed in marketing email (null = sending is refused). */
export function postalAddressQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: campaignKeys.postalAddress(organizationId),
    queryFn: async ({ signal }): Promise<string | null> =>
      unwrap(await apiClient.GET('/api/organization/postal-address', { signal })).postalAddress,
  });
}
export function usePostalAddress() {
  return useQuery(postalAddressQueryOptions(useStudioId()));
}

/** Active templates, for "start from a template". */
export function campaignTemplatesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: campaignKeys.templates(organizationId),
    queryFn: async ({ signal }) => unwrap(await apiClient.GET('/api/email-templates', { signal })),
    select: (list): EmailTemplate[] => list.templates.filter((t) => t.status === 'active'),
  });
}
export function useCampaignTemplates() {
  return useQuery(campaignTemplatesQueryOptions(useStudioId()));
}

/** The groups a campaign can go to. */
export function sendAudiencesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: audienceKeys.list(organizationId),
    queryFn: async ({ signal }): Promise<Audience[]> =>
      unwrap(await apiClient.GET('/api/audiences', { signal })).audiences,
  });
}
export function useSendAudiences() {
  return useQuery(sendAudiencesQueryOptions(useStudioId()));
}
