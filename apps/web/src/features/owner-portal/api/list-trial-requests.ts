import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { ownerPortalKeys } from '@/lib/query-keys';

/** GET /api/owner-portal/trial-requests: stored trial requests, newest first. */
export async function listTrialRequests(cursor: string | null) {
  return unwrap(
    await apiClient.GET('/api/owner-portal/trial-requests', {
      params: { query: { cursor: cursor ?? undefined } },
    }),
  );
}

export function useTrialRequests(cursor: string | null) {
  return useQuery({
    queryKey: ownerPortalKeys.trialRequests(cursor),
    queryFn: () => listTrialRequests(cursor),
    placeholderData: keepPreviousData,
  });
}
