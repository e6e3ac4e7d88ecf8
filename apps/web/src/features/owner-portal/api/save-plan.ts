import type { PlanInput } from '@fitbase/domain/contracts/owner-portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { ownerPortalKeys } from '@/lib/query-keys';

/** POST /api/owner-portal/plans (new) or PUT /api/owner-portal/plans/{planId} (edit). */
export async function savePlan(input: { id: string | null; plan: PlanInput }) {
  return unwrap(
    input.id
      ? await apiClient.PUT('/api/owner-portal/plans/{planId}', {
          params: { path: { planId: input.id } },
          body: input.plan,
        })
      : await apiClient.POST('/api/owner-portal/plans', { body: input.plan }),
  );
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerPortalKeys.plans }),
  });
}
