import type { PublicInvitation } from '@fitbase/domain/contracts/owner-portal';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ownerPortalKeys } from './keys';

/** GET /api/invitations/{token} (public): status, and while pending who invited and the plan. */
export function getPublicInvitation(token: string) {
  return api<PublicInvitation>(`/api/invitations/${encodeURIComponent(token)}`);
}

export function usePublicInvitation(token: string) {
  return useQuery({
    queryKey: ownerPortalKeys.publicInvitation(token),
    queryFn: () => getPublicInvitation(token),
  });
}
