import type { LeadSource } from '@fitbase/domain/contracts/leads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { leadKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export function leadSourcesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: leadKeys.sources(organizationId),
    queryFn: async ({ signal }): Promise<LeadSource[]> =>
      unwrap(await apiClient.GET('/api/lead-sources', { signal })).sources,
  });
}

export function useLeadSources() {
  const organizationId = useStudioId();
  return useQuery(leadSourcesQueryOptions(organizationId));
}
