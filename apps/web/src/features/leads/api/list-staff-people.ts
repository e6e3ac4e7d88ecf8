import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { staffKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The studio's people, as owners a lead can be given to. */
export function staffPeopleQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...staffKeys.all(organizationId), 'lead-owners'] as const,
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/api/staff', { signal })).staff.map((s) => ({
        userId: s.userId,
        name: s.fullName ?? s.email,
      })),
  });
}

export function useStaffPeople() {
  const organizationId = useStudioId();
  return useQuery(staffPeopleQueryOptions(organizationId));
}
