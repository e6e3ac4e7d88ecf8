import type { StaffMember } from '@fitbase/domain/contracts/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { messageKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The studio's people a conversation can be assigned to. */
export function assigneesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: messageKeys.assignees(organizationId),
    queryFn: async ({ signal }): Promise<StaffMember[]> =>
      unwrap(await apiClient.GET('/api/staff', { signal })).staff,
    staleTime: 60_000,
  });
}

export function useAssignees() {
  const organizationId = useStudioId();
  return useQuery(assigneesQueryOptions(organizationId));
}
