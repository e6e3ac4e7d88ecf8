import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { servicesKey } from './list-services';

export function deleteService(id: string) {
  return api<void>(`/api/services/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteService(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesKey(organizationId) }),
  });
}
