import type { PlatformRole } from '@fitbase/domain/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { ownerPortalKeys } from '@/lib/query-keys';

/** PUT /api/owner-portal/users/{userId}/role (platform owners only, never their own). */
export async function updateUserRole(input: { userId: string; role: PlatformRole }) {
  return unwrap(
    await apiClient.PUT('/api/owner-portal/users/{userId}/role', {
      params: { path: { userId: input.userId } },
      body: { role: input.role },
    }),
  );
}

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerPortalKeys.usersAll }),
  });
}
