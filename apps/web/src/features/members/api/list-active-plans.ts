import type { Plan } from '@fitbase/domain/contracts/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { moneyKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/**
 * The studio's active plans: the wizard's plan pick and the directory's membership types. Same
 * key and shape (`Plan[]`) as every other feature's active-plan list, so they share one cache.
 */
export function activePlansQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: moneyKeys.plans(organizationId, { active: true }),
    queryFn: async ({ signal }): Promise<Plan[]> =>
      unwrap(await apiClient.GET('/api/plans', { params: { query: { active: 'true' } }, signal }))
        .plans,
    enabled: Boolean(organizationId),
  });
}

export function useActivePlans() {
  const organizationId = useStudioId();
  return useQuery(activePlansQueryOptions(organizationId));
}
