import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

export function removeStaff(id: string) {
  return api<void>(`/api/staff/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemoveStaff(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all(organizationId) }),
  });
}
