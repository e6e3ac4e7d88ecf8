import { useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { publicInvitationKeys } from '@/lib/query-keys';

/** GET /api/invitations/lookup (public): status, and while pending who invited and the plan. */
export async function getPublicInvitation(token: string) {
  return unwrap(await apiClient.GET('/api/invitations/lookup', { params: { query: { token } } }));
}

export function usePublicInvitation(token: string) {
  return useQuery({
    queryKey: publicInvitationKeys.detail(token),
    queryFn: () => getPublicInvitation(token),
  });
}
