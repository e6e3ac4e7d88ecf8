import type { AutomationInput } from '@fitbase/domain/contracts/automations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { automationKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function createAutomation(input: AutomationInput) {
  return unwrap(await apiClient.POST('/api/automations', { body: input }));
}

export function useCreateAutomation() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAutomation,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: automationKeys.all(organizationId) }),
  });
}
