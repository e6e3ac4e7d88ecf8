import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function cancelSession({ id, reason }: { id: string; reason: string | null }) {
  return unwrap(
    await apiClient.POST('/api/sessions/{id}/cancel', {
      params: { path: { id } },
      body: { reason },
    }),
  ) as SessionSummary;
}

export function useCancelSession() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all(organizationId) }),
  });
}
