import type { MemberBookingList } from '@fitbase/domain/contracts/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The member's bookings, newest session first (Activity tab); refreshed by schedule events. */
export function memberBookingsQueryOptions(organizationId: string, memberId: string) {
  return queryOptions({
    queryKey: scheduleKeys.memberBookings(organizationId, memberId),
    queryFn: async ({ signal }): Promise<MemberBookingList> =>
      unwrap(
        await apiClient.GET('/api/members/{id}/bookings', {
          params: { path: { id: memberId } },
          signal,
        }),
      ),
  });
}

export function useMemberBookings(memberId: string) {
  const organizationId = useStudioId();
  return useQuery(memberBookingsQueryOptions(organizationId, memberId));
}
