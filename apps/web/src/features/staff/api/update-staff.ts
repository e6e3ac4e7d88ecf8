import type { UpdateStaffInput } from '@fitbase/domain/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { meKey, staffKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function updateStaff(id: string, input: UpdateStaffInput) {
  return unwrap(await apiClient.PUT('/api/staff/{id}', { params: { path: { id } }, body: input }));
}

export function useUpdateStaff() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateStaffInput }) => updateStaff(id, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffKeys.all(organizationId) });
      // Editing one's own name shows in the account menu.
      await queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}
