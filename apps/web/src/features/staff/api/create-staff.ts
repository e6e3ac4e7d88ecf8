import type { CreateStaffInput, CreateStaffResult } from '@fitbase/domain/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

export function createStaff(input: CreateStaffInput) {
  return api<CreateStaffResult>('/api/staff', { method: 'POST', body: input });
}

export function useCreateStaff(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all(organizationId) }),
  });
}
