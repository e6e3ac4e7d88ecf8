import type { LeadUpdate } from '@fitbase/domain/contracts/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { leadKeys } from '@/lib/query-keys';

export async function updateLead({ id, changes }: { id: string; changes: LeadUpdate }) {
  return unwrap(
    await apiClient.PATCH('/api/leads/{id}', { params: { path: { id } }, body: changes }),
  );
}

export function useUpdateLead(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all(organizationId) }),
  });
}
