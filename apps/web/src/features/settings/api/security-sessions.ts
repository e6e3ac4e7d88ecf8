import type { AccountSession } from '@fitbase/domain/contracts/security';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { accountKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The person's own sessions (keyed under the tab's studio like every account query). */
export function sessionsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: accountKeys.sessions(organizationId),
    queryFn: async ({ signal }): Promise<AccountSession[]> =>
      unwrap(await apiClient.GET('/api/account/sessions', { signal })).sessions,
  });
}

export function useSessions() {
  const organizationId = useStudioId();
  return useQuery(sessionsQueryOptions(organizationId));
}

export function useRevokeSession() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(
        await apiClient.POST('/api/account/sessions/{id}/revoke', { params: { path: { id } } }),
      ),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: accountKeys.sessions(organizationId) }),
  });
}

/** Every other device of the person (the existing sign-out endpoint's `others` scope). */
export function useSignOutOtherSessions() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(await apiClient.POST('/api/account/sign-out', { body: { scope: 'others' } })),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: accountKeys.sessions(organizationId) }),
  });
}

/** Every device, this one too: the page then goes to sign-in. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(await apiClient.POST('/api/account/sign-out', { body: { scope: 'global' } })),
    onSuccess: () => queryClient.clear(),
  });
}
