import type { PlanChangePreview } from '@fitbase/domain/contracts/plan-change';
import type { PlanChangeWhen } from '@fitbase/domain/money-constants';
import { useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { moneyKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** What changing the plan would credit and charge (docs/product/money-and-store.md#changing-plan). */
export function usePlanChangePreview(membershipId: string, planId: string, when: PlanChangeWhen) {
  const organizationId = useStudioId();
  return useQuery({
    queryKey: moneyKeys.planChange(organizationId, membershipId, planId, when),
    queryFn: async ({ signal }): Promise<PlanChangePreview> =>
      unwrap(
        await apiClient.GET('/api/memberships/{id}/plan-change', {
          params: { path: { id: membershipId }, query: { planId, when } },
          signal,
        }),
      ),
    enabled: Boolean(planId),
    // The unused days move at midnight only; a preview is read once per choice.
    staleTime: 60_000,
    retry: false,
  });
}
