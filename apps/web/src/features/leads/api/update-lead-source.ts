import type { LeadSourceUpdate } from '@fitbase/domain/contracts/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { leadKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function updateLeadSource({ id, changes }: { id: string; changes: LeadSourceUpdate }) {
  return unwrap(
    await apiClient.PATCH('/api/lead-sources/{id}', { params: { path: { id } }, body: changes }),
  );
}

export function useUpdateLeadSource() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLeadSource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all(organizationId) }),
  });
}
