import type { CheckInResult } from '@fitbase/domain/contracts/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { dashboardKeys, memberKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/**
 * Check in at the front desk: a plain visit (type check_in) now. Refused with
 * 'membership_not_active' unless `confirm`; a second scan within a minute is the same visit.
 */
export async function checkInMember(memberId: string, confirm: boolean): Promise<CheckInResult> {
  return unwrap(
    await apiClient.POST('/api/check-ins', {
      body: { memberId, sessionId: null, confirm },
    }),
  );
}

export function useCheckInMember(memberId: string) {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ confirm }: { confirm: boolean }) => checkInMember(memberId, confirm),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.visits(organizationId, memberId) });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(organizationId) });
    },
  });
}
