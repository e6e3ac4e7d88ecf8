import type { CreateInvitationInput } from '@fitbase/domain/contracts/owner-portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { ownerPortalKeys } from '@/lib/query-keys';

/** POST /api/owner-portal/invitations: stores the invitation, then emails the link. */
export async function createInvitation(input: CreateInvitationInput) {
  return unwrap(await apiClient.POST('/api/owner-portal/invitations', { body: input }));
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    // Also when the email failed: the invitation exists and its link can be copied.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerPortalKeys.invitationsAll }),
  });
}
