import type { Plan } from '@fitbase/domain/contracts/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { moneyKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Every plan of the studio, active and inactive (the Services screen shows both). */
export function plansQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: moneyKeys.plans(organizationId, {}),
    queryFn: async ({ signal }): Promise<Plan[]> =>
      unwrap(await apiClient.GET('/api/plans', { signal })).plans,
  });
}

export function usePlans() {
  const organizationId = useStudioId();
  return useQuery(plansQueryOptions(organizationId));
}
