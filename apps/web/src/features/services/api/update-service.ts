import type { ServiceUpdate } from '@fitbase/domain/contracts/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { serviceKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function updateService({ id, changes }: { id: string; changes: ServiceUpdate }) {
  return unwrap(
    await apiClient.PATCH('/api/services/{id}', { params: { path: { id } }, body: changes }),
  );
}

export function useUpdateService() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all(organizationId) }),
  });
}
