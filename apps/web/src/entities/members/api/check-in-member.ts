import type { CheckInInput, CheckInResult } from '@fitbase/domain/contracts/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { dashboardKeys, memberKeys, scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/**
 * Check in at the front desk (Member Check-in, the member dashboard's Check in): a plain visit
 * (`sessionId` null), or a check-in to one of today's sessions (booked if needed). Refused with
 * 'membership_not_active' unless `confirm`; a second scan within a minute is the same visit.
 */
export async function checkInMember(input: CheckInInput): Promise<CheckInResult> {
  return unwrap(await apiClient.POST('/api/check-ins', { body: input }));
}

export function useCheckInMember() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkInMember,
    onSuccess: (_result, input) => {
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(organizationId) });
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all(organizationId) });
      void queryClient.invalidateQueries({
        queryKey: memberKeys.visits(organizationId, input.memberId),
      });
    },
  });
}
