import type { ServiceInput } from '@fitbase/domain/contracts/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { serviceKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function createService(input: ServiceInput) {
  return unwrap(await apiClient.POST('/api/services', { body: input }));
}

export function useCreateService() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all(organizationId) }),
  });
}
