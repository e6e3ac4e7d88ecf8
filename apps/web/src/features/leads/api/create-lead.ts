import type { LeadInput } from '@fitbase/domain/contracts/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { leadKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function createLead(input: LeadInput) {
  return unwrap(await apiClient.POST('/api/leads', { body: input }));
}

export function useCreateLead() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all(organizationId) }),
  });
}
