import type { LeadSourceInput } from '@fitbase/domain/contracts/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { leadKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function createLeadSource(input: LeadSourceInput) {
  return unwrap(await apiClient.POST('/api/lead-sources', { body: input }));
}

export function useCreateLeadSource() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLeadSource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all(organizationId) }),
  });
}
