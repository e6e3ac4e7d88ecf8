import type { Service, ServiceInput } from '@fitbase/domain/contracts/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { servicesKey } from './list-services';

export function createService(input: ServiceInput) {
  return api<Service>('/api/services', { method: 'POST', body: input });
}

export function useCreateService(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesKey(organizationId) }),
  });
}
