import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { ownerPortalKeys } from '@/lib/query-keys';

/** GET /api/owner-portal/invitations: sent invitations, newest first. */
export async function listInvitations(cursor: string | null) {
  return unwrap(
    await apiClient.GET('/api/owner-portal/invitations', {
      params: { query: { cursor: cursor ?? undefined } },
    }),
  );
}

export function useInvitations(cursor: string | null) {
  return useQuery({
    queryKey: ownerPortalKeys.invitations(cursor),
    queryFn: () => listInvitations(cursor),
    placeholderData: keepPreviousData,
  });
}
