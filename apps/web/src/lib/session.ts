import type { Me, OrganizationMembership } from '@fitbase/domain/contracts/organizations';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError } from './api/api-error';
import { apiClient, unwrap } from './api/client';
import {
  getTabOrganizationId,
  setTabOrganizationId,
  subscribeTabOrganization,
} from './api/current-organization';
import { meKey } from './query-keys';

/**
 * A tab keeps its own organization (lib/api/current-organization.ts); it starts from the one
 * the server remembers, and falls back to it when the tab's is no longer one of the person's.
 */
function settleTabOrganization(me: Me): void {
  const tabOrganizationId = getTabOrganizationId();
  if (tabOrganizationId && me.organizations.some((o) => o.id === tabOrganizationId)) return;
  setTabOrganizationId(me.currentOrganizationId ?? me.organizations[0]?.id ?? null);
}

/** The signed-in person, their platform role and organizations; null when signed out. */
export const meQueryOptions = queryOptions({
  queryKey: meKey,
  queryFn: async ({ signal }): Promise<Me | null> => {
    try {
      const me = unwrap(await apiClient.GET('/api/me', { signal })) as Me;
      settleTabOrganization(me);
      return me;
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

/** This tab's organization among the person's memberships. */
export function useCurrentOrganization(): CurrentOrganization {
  const { data } = useMe();
  const tabOrganizationId = useSyncExternalStore(
    subscribeTabOrganization,
    getTabOrganizationId,
    () => null,
  );
  const organizations = data?.organizations ?? [];
  const organization =
    organizations.find((o) => o.id === tabOrganizationId) ??
    organizations.find((o) => o.id === data?.currentOrganizationId) ??
    organizations[0] ??
    null;
  return { organization, organizations, role: organization?.role ?? null };
}

/**
 * Switch this tab's organization, and remember it for the next tab or visit. Query keys carry
 * the organization id, so the new studio's data loads under its own keys.
 */
export function useSwitchOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (organizationId: string) =>
      unwrap(
        await apiClient.PUT('/api/me/current-organization', { body: { organizationId } }),
      ) as Me,
    onMutate: (organizationId) => setTabOrganizationId(organizationId),
    onSuccess: async (me) => {
      queryClient.setQueryData(meQueryOptions.queryKey, me);
      await refetchAllButMe(queryClient);
    },
  });
}

function refetchAllButMe(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== meKey[0] });
}

/** Sign out of this device and forget every cached query and this tab's organization. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // Loaded on use: `/` reads the session after hydration (app/routes/session-watcher.tsx)
      // and must not pull the auth client into the landing page's budget (bench:web).
      const { authClient } = await import('./auth-client');
      const result = await authClient.signOut();
      if (result.error) throw new Error(result.error.message ?? 'An unexpected error occurred');
    },
    onSuccess: () => {
      setTabOrganizationId(null);
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions.queryKey, null);
    },
  });
}
