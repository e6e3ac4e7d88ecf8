import { useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { ownerPortalKeys } from '@/lib/query-keys';

/** GET /api/owner-portal/plans: every plan, by monthly price ascending. */
export async function listPlans() {
  return unwrap(await apiClient.GET('/api/owner-portal/plans'));
}

export function usePlans() {
  return useQuery({ queryKey: ownerPortalKeys.plans, queryFn: listPlans });
}
