import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { memberKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export function memberQueryOptions(organizationId: string, memberId: string) {
  return queryOptions({
    queryKey: memberKeys.detail(organizationId, memberId),
    queryFn: async ({ signal }) =>
      unwrap(
        await apiClient.GET('/api/members/{id}', { params: { path: { id: memberId } }, signal }),
      ),
  });
}

export function useMember(memberId: string) {
  const organizationId = useStudioId();
  return useQuery(memberQueryOptions(organizationId, memberId));
}
