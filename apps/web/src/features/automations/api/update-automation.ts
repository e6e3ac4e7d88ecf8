import type { AutomationUpdate } from '@fitbase/domain/contracts/automations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { automationKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function updateAutomation({ id, changes }: { id: string; changes: AutomationUpdate }) {
  return unwrap(
    await apiClient.PATCH('/api/automations/{id}', { params: { path: { id } }, body: changes }),
  );
}

export function useUpdateAutomation() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAutomation,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: automationKeys.all(organizationId) }),
  });
}
