import type { PlatformUserPage } from '@fitbase/domain/contracts/owner-portal';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ownerPortalKeys, queryString } from './keys';

/** GET /api/owner-portal/users: one page, searched on the server. */
export function listUsers(q: string, cursor: string | null) {
  return api<PlatformUserPage>(`/api/owner-portal/users${queryString({ q, cursor })}`);
}

export function useUsers(q: string, cursor: string | null) {
  return useQuery({
    queryKey: ownerPortalKeys.users(q, cursor),
    queryFn: () => listUsers(q, cursor),
    placeholderData: keepPreviousData,
  });
}
