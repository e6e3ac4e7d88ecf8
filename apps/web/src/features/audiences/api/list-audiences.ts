import type { Audience } from '@fitbase/domain/contracts/audiences';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { audienceKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The studio's groups, oldest first, each with its live member count. */
export function audiencesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: audienceKeys.list(organizationId),
    queryFn: async ({ signal }): Promise<Audience[]> =>
      unwrap(await apiClient.GET('/api/audiences', { signal })).audiences,
  });
}

export function useAudiences() {
  const organizationId = useStudioId();
  return useQuery(audiencesQueryOptions(organizationId));
}
