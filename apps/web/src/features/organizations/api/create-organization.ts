import type { CreateOrganizationInput } from '@fitbase/domain/contracts/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { setTabOrganizationId } from '@/lib/api/current-organization';
import { meKey } from '@/lib/query-keys';

export async function createOrganization(input: CreateOrganizationInput) {
  return unwrap(await apiClient.POST('/api/organizations', { body: input }));
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: (organization) => {
      // The studio just created becomes this tab's (the server remembers it as current too).
      setTabOrganizationId(organization.id);
      return queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}
