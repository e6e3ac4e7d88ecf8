import type { AcceptInvitationResult } from '@fitbase/domain/contracts/owner-portal';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/invitations/{token}/accept as the signed-in person. */
export function acceptInvitation(token: string) {
  return api<AcceptInvitationResult>(`/api/invitations/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
  });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
