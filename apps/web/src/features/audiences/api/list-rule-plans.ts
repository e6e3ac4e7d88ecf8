import type { Plan } from '@fitbase/domain/contracts/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { moneyKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/**
 * Every plan of the studio (inactive ones still have members), for "Has plan". Same key and
 * shape (`Plan[]`) as the other features' full plan list, so they share one cache.
 */
export function rulePlansQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: moneyKeys.plans(organizationId, {}),
    queryFn: async ({ signal }): Promise<Plan[]> =>
      unwrap(await apiClient.GET('/api/plans', { signal })).plans,
  });
}

export function useRulePlans(enabled: boolean) {
  const organizationId = useStudioId();
  return useQuery({ ...rulePlansQueryOptions(organizationId), enabled });
}
