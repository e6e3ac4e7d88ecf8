import type { SessionSummary, SessionUpdate } from '@fitbase/domain/contracts/schedule';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function updateSession({ id, changes }: { id: string; changes: SessionUpdate }) {
  return unwrap(
    await apiClient.PATCH('/api/sessions/{id}', { params: { path: { id } }, body: changes }),
  ) as SessionSummary;
}

export function useUpdateSession() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all(organizationId) }),
  });
}
