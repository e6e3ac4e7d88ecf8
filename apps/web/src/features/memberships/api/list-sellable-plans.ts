import type { Plan } from '@fitbase/domain/contracts/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { moneyKeys } from '@/lib/query-keys';

/** Active plans: what can be sold. */
export function sellablePlansQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: moneyKeys.plans(organizationId, { active: true }),
    queryFn: async ({ signal }): Promise<Plan[]> =>
      unwrap(await apiClient.GET('/api/plans', { params: { query: { active: 'true' } }, signal }))
        .plans,
  });
}

export function useSellablePlans(organizationId: string, enabled = true) {
  return useQuery({ ...sellablePlansQueryOptions(organizationId), enabled });
}
