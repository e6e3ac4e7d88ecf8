import type { InvitationPage } from '@fitbase/domain/contracts/owner-portal';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ownerPortalKeys, queryString } from './keys';

/** GET /api/owner-portal/invitations: sent invitations, newest first. */
export function listInvitations(cursor: string | null) {
  return api<InvitationPage>(`/api/owner-portal/invitations${queryString({ cursor })}`);
}

export function useInvitations(cursor: string | null) {
  return useQuery({
    queryKey: ownerPortalKeys.invitations(cursor),
    queryFn: () => listInvitations(cursor),
    placeholderData: keepPreviousData,
  });
}
