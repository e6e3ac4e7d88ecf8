import type { HouseholdInput, HouseholdUpdate } from '@fitbase/domain/contracts/households';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { memberKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** A member's household (docs/product/members.md#households), or null. */
export function memberHouseholdQueryOptions(organizationId: string, memberId: string) {
  return queryOptions({
    queryKey: [...memberKeys.detail(organizationId, memberId), 'household'] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await apiClient.GET('/api/members/{id}/household', {
          params: { path: { id: memberId } },
          signal,
        }),
      ).household,
  });
}

/** One household by id (`Add a child` starts the add-member wizard from it). */
export function useHousehold(id: string | null) {
  const organizationId = useStudioId();
  return useQuery({
    queryKey: [...memberKeys.all(organizationId), 'household', id] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await apiClient.GET('/api/households/{id}', { params: { path: { id: id! } }, signal }),
      ),
    enabled: Boolean(id),
  });
}

export function useMemberHousehold(memberId: string) {
  const organizationId = useStudioId();
  return useQuery(memberHouseholdQueryOptions(organizationId, memberId));
}

/** Every household change moves several members' dashboards and the directory's links. */
function useHouseholdMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all(organizationId) }),
  });
}

export function useCreateHousehold() {
  return useHouseholdMutation(async (input: HouseholdInput) =>
    unwrap(await apiClient.POST('/api/households', { body: input })),
  );
}

export function useUpdateHousehold(id: string) {
  return useHouseholdMutation(async (input: HouseholdUpdate) =>
    unwrap(
      await apiClient.PATCH('/api/households/{id}', { params: { path: { id } }, body: input }),
    ),
  );
}

export function useAddToHousehold(id: string) {
  return useHouseholdMutation(async (memberId: string) =>
    unwrap(
      await apiClient.POST('/api/households/{id}/members', {
        params: { path: { id } },
        body: { memberId },
      }),
    ),
  );
}

export function useRemoveFromHousehold(id: string) {
  return useHouseholdMutation(async (memberId: string) =>
    unwrap(
      await apiClient.DELETE('/api/households/{id}/members/{memberId}', {
        params: { path: { id, memberId } },
      }),
    ),
  );
}
