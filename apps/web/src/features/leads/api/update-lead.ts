import type { LeadUpdate } from '@fitbase/domain/contracts/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { leadKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function updateLead({ id, changes }: { id: string; changes: LeadUpdate }) {
  return unwrap(
    await apiClient.PATCH('/api/leads/{id}', { params: { path: { id } }, body: changes }),
  );
}

export function useUpdateLead() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all(organizationId) }),
  });
}
