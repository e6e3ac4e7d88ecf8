import type { Me, OrganizationMembership } from '@fitbase/domain/contracts/organizations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from './api-client';
import { authClient } from './auth-client';

/** The signed-in person, their platform role and organizations; null when signed out. */
export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: async (): Promise<Me | null> => {
    try {
      return await api<Me>('/api/me');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}

export interface CurrentOrganization {
  organization: OrganizationMembership | null;
  organizations: OrganizationMembership[];
  role: OrganizationMembership['role'] | null;
}

export function useCurrentOrganization(): CurrentOrganization {
  const { data } = useMe();
  const organizations = data?.organizations ?? [];
  const organization =
    organizations.find((o) => o.id === data?.currentOrganizationId) ?? organizations[0] ?? null;
  return { organization, organizations, role: organization?.role ?? null };
}

/** Switch the remembered current organization; everything organization-scoped refetches. */
export function useSwitchOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) =>
      api<Me>('/api/me/current-organization', { method: 'PUT', body: { organizationId } }),
    onSuccess: async (me) => {
      queryClient.setQueryData(meQueryOptions.queryKey, me);
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    },
  });
}

/** Sign out of this device and forget every cached query. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const result = await authClient.signOut();
      if (result.error) throw new Error(result.error.message ?? 'An unexpected error occurred');
    },
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions.queryKey, null);
    },
  });
}
