import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';

/** POST /api/invitations/accept as the signed-in person: the token in the body, never a URL. */
export async function acceptInvitation(token: string) {
  return unwrap(await apiClient.POST('/api/invitations/accept', { body: { token } }));
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
