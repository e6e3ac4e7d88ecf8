import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';

export async function resendStaffInvitation(id: string) {
  return unwrap(
    await apiClient.POST('/api/staff/{id}/resend-invitation', { params: { path: { id } } }),
  );
}

/** The list does not show invitations, so nothing needs refetching. */
export function useResendStaffInvitation() {
  return useMutation({ mutationFn: resendStaffInvitation });
}
