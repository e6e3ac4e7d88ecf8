import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { dashboardKeys, memberKeys } from '@/lib/query-keys';

/** Check in: the server records a visit of type check_in, now. */
export async function recordVisit(memberId: string) {
  return unwrap(
    await apiClient.POST('/api/members/{id}/visits', { params: { path: { id: memberId } } }),
  );
}

export function useRecordVisit(organizationId: string, memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => recordVisit(memberId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.visits(organizationId, memberId) });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(organizationId) });
    },
  });
}
