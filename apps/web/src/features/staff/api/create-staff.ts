import type { CreateStaffInput } from '@fitbase/domain/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { staffKeys } from '@/lib/query-keys';

export async function createStaff(input: CreateStaffInput) {
  return unwrap(await apiClient.POST('/api/staff', { body: input }));
}

export function useCreateStaff(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all(organizationId) }),
  });
}
