import type { Plan } from '@fitbase/domain/contracts/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { moneyKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Active plans: what can be sold. */
export function sellablePlansQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: moneyKeys.plans(organizationId, { active: true }),
    queryFn: async ({ signal }): Promise<Plan[]> =>
      unwrap(await apiClient.GET('/api/plans', { params: { query: { active: 'true' } }, signal }))
        .plans,
  });
}

export function useSellablePlans(enabled = true) {
  const organizationId = useStudioId();
  return useQuery({ ...sellablePlansQueryOptions(organizationId), enabled });
}
