import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { ownerPortalKeys } from '@/lib/query-keys';

/** GET /api/owner-portal/users: one page, searched on the server. */
export async function listUsers(q: string, cursor: string | null) {
  return unwrap(
    await apiClient.GET('/api/owner-portal/users', {
      params: { query: { q: q || undefined, cursor: cursor ?? undefined } },
    }),
  );
}

export function useUsers(q: string, cursor: string | null) {
  return useQuery({
    queryKey: ownerPortalKeys.users(q, cursor),
    queryFn: () => listUsers(q, cursor),
    placeholderData: keepPreviousData,
  });
}
