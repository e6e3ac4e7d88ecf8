import type { ResendInvitationResult } from '@fitbase/domain/contracts/staff';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function resendStaffInvitation(id: string) {
  return api<ResendInvitationResult>(`/api/staff/${encodeURIComponent(id)}/resend-invitation`, {
    method: 'POST',
  });
}

/** The list does not show invitations, so nothing needs refetching. */
export function useResendStaffInvitation() {
  return useMutation({ mutationFn: resendStaffInvitation });
}
