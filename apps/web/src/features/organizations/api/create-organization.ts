import type {
  CreateOrganizationInput,
  OrganizationMembership,
} from '@fitbase/domain/contracts/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/session';

export function createOrganization(input: CreateOrganizationInput) {
  return api<Omit<OrganizationMembership, 'joinedAt'>>('/api/organizations', {
    method: 'POST',
    body: input,
  });
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
