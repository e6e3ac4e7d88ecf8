import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { memberKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The member's active cards on file, default first (same key and shape as the dashboard's list). */
export function memberCardsQueryOptions(organizationId: string, memberId: string) {
  return queryOptions({
    queryKey: memberKeys.paymentMethods(organizationId, memberId),
    queryFn: async ({ signal }) =>
      unwrap(
        await apiClient.GET('/api/members/{id}/payment-methods', {
          params: { path: { id: memberId } },
          signal,
        }),
      ),
  });
}

export function useMemberCards(memberId: string, enabled = true) {
  const organizationId = useStudioId();
  return useQuery({ ...memberCardsQueryOptions(organizationId, memberId), enabled });
}
