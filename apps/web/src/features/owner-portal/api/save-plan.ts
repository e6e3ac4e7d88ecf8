import type { Plan, PlanInput } from '@fitbase/domain/contracts/owner-portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ownerPortalKeys } from './keys';

/** POST /api/owner-portal/plans (new) or PUT /api/owner-portal/plans/{id} (edit). */
export function savePlan(input: { id: string | null; plan: PlanInput }) {
  return input.id
    ? api<Plan>(`/api/owner-portal/plans/${encodeURIComponent(input.id)}`, {
        method: 'PUT',
        body: input.plan,
      })
    : api<Plan>('/api/owner-portal/plans', { method: 'POST', body: input.plan });
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerPortalKeys.plans }),
  });
}
