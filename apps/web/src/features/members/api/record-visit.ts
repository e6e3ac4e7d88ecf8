import type { Visit } from '@fitbase/domain/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { memberKeys } from './member-keys';

/** Check in: the server records a visit of type check_in, now. */
export function recordVisit(memberId: string) {
  return api<Visit>(`/api/members/${encodeURIComponent(memberId)}/visits`, { method: 'POST' });
}

export function useRecordVisit(organizationId: string, memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => recordVisit(memberId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.visits(organizationId, memberId) });
      void queryClient.invalidateQueries({ queryKey: memberKeys.dashboard(organizationId) });
    },
  });
}
