import type { Audience } from '@fitbase/domain/contracts/audiences';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { audienceKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export function audienceQueryOptions(organizationId: string, id: string) {
  return queryOptions({
    queryKey: audienceKeys.detail(organizationId, id),
    queryFn: async ({ signal }): Promise<Audience> =>
      unwrap(await apiClient.GET('/api/audiences/{id}', { params: { path: { id } }, signal })),
  });
}

export function useAudience(id: string) {
  const organizationId = useStudioId();
  return useQuery(audienceQueryOptions(organizationId, id));
}
