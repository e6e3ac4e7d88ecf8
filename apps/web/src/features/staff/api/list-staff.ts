import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { staffKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The Staff Members list and its statistics, in one response so they always agree. */
export function staffListQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: staffKeys.list(organizationId),
    queryFn: async ({ signal }) => unwrap(await apiClient.GET('/api/staff', { signal })),
  });
}

export function useStaffList() {
  const organizationId = useStudioId();
  return useQuery(staffListQueryOptions(organizationId));
}
