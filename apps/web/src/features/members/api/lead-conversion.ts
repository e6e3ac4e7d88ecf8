import type { Lead } from '@fitbase/domain/contracts/leads';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { leadKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The lead a new member is made from ("Convert to member" opens the wizard with ?leadId=). */
export function leadToConvertQueryOptions(organizationId: string, leadId: string) {
  return queryOptions({
    queryKey: leadKeys.detail(organizationId, leadId),
    queryFn: async ({ signal }): Promise<Lead> =>
      unwrap(await apiClient.GET('/api/leads/{id}', { params: { path: { id: leadId } }, signal })),
    retry: false,
  });
}

export function useLeadToConvert(leadId: string | null) {
  const organizationId = useStudioId();
  return useQuery({
    ...leadToConvertQueryOptions(organizationId, leadId ?? ''),
    enabled: Boolean(leadId && organizationId),
  });
}

/** Once the member exists: the lead becomes converted and keeps the link to them. */
export async function convertLead({ leadId, memberId }: { leadId: string; memberId: string }) {
  return unwrap(
    await apiClient.POST('/api/leads/{id}/convert', {
      params: { path: { id: leadId } },
      body: { memberId },
    }),
  );
}

export function useConvertLead() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertLead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all(organizationId) }),
  });
}
