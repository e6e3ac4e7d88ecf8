import type { StaffInvitation } from '@fitbase/domain/contracts/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffInvitationKeys } from './staff-keys';

export function staffInvitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: staffInvitationKeys.lookup(token),
    queryFn: ({ signal }) =>
      api<StaffInvitation>(`/api/staff-invitations/lookup?token=${encodeURIComponent(token)}`, {
        signal,
      }),
    // An invitation is read once per visit; refetching on focus could flip the page mid-typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useStaffInvitation(token: string) {
  return useQuery(staffInvitationQueryOptions(token));
}
