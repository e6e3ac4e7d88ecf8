import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** One session (GET /api/sessions/{id}); the calendar's copy shows until it answers. */
export function sessionQueryOptions(organizationId: string, sessionId: string) {
  return queryOptions({
    queryKey: scheduleKeys.session(organizationId, sessionId),
    queryFn: async ({ signal }): Promise<SessionSummary> =>
      unwrap(
        await apiClient.GET('/api/sessions/{id}', { signal, params: { path: { id: sessionId } } }),
      ),
  });
}

export function useSession(sessionId: string, placeholder: SessionSummary | undefined) {
  const organizationId = useStudioId();
  return useQuery({
    ...sessionQueryOptions(organizationId, sessionId),
    placeholderData: placeholder,
  });
}
