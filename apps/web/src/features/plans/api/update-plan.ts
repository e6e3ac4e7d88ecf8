import type { PlanUpdate } from '@fitbase/domain/contracts/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { moneyKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Edit a plan, or (de)activate it with `{ isActive }`: a sold plan is never deleted. */
export async function updatePlan({ id, changes }: { id: string; changes: PlanUpdate }) {
  return unwrap(
    await apiClient.PATCH('/api/plans/{id}', { params: { path: { id } }, body: changes }),
  );
}

export function useUpdatePlan() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKeys.all(organizationId) }),
  });
}
