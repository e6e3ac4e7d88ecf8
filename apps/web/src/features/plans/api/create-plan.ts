import type { PlanInput } from '@fitbase/domain/contracts/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { moneyKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function createPlan(input: PlanInput) {
  return unwrap(await apiClient.POST('/api/plans', { body: input }));
}

export function useCreatePlan() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKeys.all(organizationId) }),
  });
}
