import type { ServiceInput } from '@fitbase/domain/contracts/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { serviceKeys } from '@/lib/query-keys';

export async function createService(input: ServiceInput) {
  return unwrap(await apiClient.POST('/api/services', { body: input }));
}

export function useCreateService(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all(organizationId) }),
  });
}
