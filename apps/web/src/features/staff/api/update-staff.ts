import type { StaffMember, UpdateStaffInput } from '@fitbase/domain/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/session';
import { staffKeys } from './staff-keys';

export function updateStaff(id: string, input: UpdateStaffInput) {
  return api<StaffMember>(`/api/staff/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function useUpdateStaff(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateStaffInput }) => updateStaff(id, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffKeys.all(organizationId) });
      // Editing one's own name shows in the account menu.
      await queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    },
  });
}
