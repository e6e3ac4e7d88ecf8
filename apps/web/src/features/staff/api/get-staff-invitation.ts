import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { staffInvitationKeys } from '@/lib/query-keys';

export function staffInvitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: staffInvitationKeys.lookup(token),
    queryFn: async ({ signal }) =>
      unwrap(
        await apiClient.GET('/api/staff-invitations/lookup', {
          params: { query: { token } },
          signal,
        }),
      ),
    // An invitation is read once per visit; refetching on focus could flip the page mid-typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useStaffInvitation(token: string) {
  return useQuery(staffInvitationQueryOptions(token));
}
