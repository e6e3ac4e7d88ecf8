import type { SessionCloseResult } from '@fitbase/domain/contracts/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Closes attendance: members still booked become no-shows; the answer counts them. */
export async function closeSession(sessionId: string): Promise<SessionCloseResult> {
  return unwrap(
    await apiClient.POST('/api/sessions/{id}/close', { params: { path: { id: sessionId } } }),
  );
}

export function useCloseSession(sessionId: string) {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => closeSession(sessionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all(organizationId) }),
  });
}
