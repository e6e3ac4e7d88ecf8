import type {
  CreateInvitationInput,
  CreateInvitationResult,
} from '@fitbase/domain/contracts/owner-portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ownerPortalKeys } from './keys';

/** POST /api/owner-portal/invitations: stores the invitation, then emails the link. */
export function createInvitation(input: CreateInvitationInput) {
  return api<CreateInvitationResult>('/api/owner-portal/invitations', {
    method: 'POST',
    body: input,
  });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    // Also when the email failed: the invitation exists and its link can be copied.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerPortalKeys.invitationsAll }),
  });
}
