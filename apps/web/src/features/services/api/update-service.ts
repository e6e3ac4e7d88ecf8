import type { Service, ServiceUpdate } from '@fitbase/domain/contracts/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { servicesKey } from './list-services';

export function updateService({ id, changes }: { id: string; changes: ServiceUpdate }) {
  return api<Service>(`/api/services/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
  });
}

export function useUpdateService(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesKey(organizationId) }),
  });
}
