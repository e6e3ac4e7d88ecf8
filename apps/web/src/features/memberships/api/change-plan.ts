import type { PlanChange } from '@fitbase/domain/contracts/plan-change';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { useStudioId } from '@/hooks/use-studio-id';
import { invalidateMemberMoney } from './invalidate-money';

/** Change a running membership's plan with the amounts the preview showed. */
export function useChangePlan(memberId: string) {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, change }: { id: string; change: PlanChange }) =>
      unwrap(
        await apiClient.POST('/api/memberships/{id}/change-plan', {
          params: { path: { id } },
          body: change,
        }),
      ),
    // A declined card is on record too: refetch either way.
    onSettled: () => invalidateMemberMoney(queryClient, organizationId, memberId),
  });
}
