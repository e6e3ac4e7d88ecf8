import type { PlatformRole } from '@fitbase/domain/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ownerPortalKeys } from './keys';

/** PUT /api/owner-portal/users/{id}/role (platform owners only, never their own). */
export function updateUserRole(input: { userId: string; role: PlatformRole }) {
  return api<{ userId: string; role: PlatformRole }>(
    `/api/owner-portal/users/${encodeURIComponent(input.userId)}/role`,
    {
      method: 'PUT',
      body: { role: input.role },
    },
  );
}

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerPortalKeys.usersAll }),
  });
}
