import type { TrialRequestPage } from '@fitbase/domain/contracts/owner-portal';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ownerPortalKeys, queryString } from './keys';

/** GET /api/owner-portal/trial-requests: stored trial requests, newest first. */
export function listTrialRequests(cursor: string | null) {
  return api<TrialRequestPage>(`/api/owner-portal/trial-requests${queryString({ cursor })}`);
}

export function useTrialRequests(cursor: string | null) {
  return useQuery({
    queryKey: ownerPortalKeys.trialRequests(cursor),
    queryFn: () => listTrialRequests(cursor),
    placeholderData: keepPreviousData,
  });
}
