import { useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { ownerPortalKeys } from '@/lib/query-keys';

/** GET /api/owner-portal/analytics. */
export async function getAnalytics() {
  return unwrap(await apiClient.GET('/api/owner-portal/analytics'));
}

export function useAnalytics() {
  return useQuery({ queryKey: ownerPortalKeys.analytics, queryFn: getAnalytics, staleTime: 0 });
}
