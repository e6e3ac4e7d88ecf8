import type { Analytics } from '@fitbase/domain/contracts/owner-portal';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ownerPortalKeys } from './keys';

/** GET /api/owner-portal/analytics. */
export function getAnalytics() {
  return api<Analytics>('/api/owner-portal/analytics');
}

export function useAnalytics() {
  return useQuery({ queryKey: ownerPortalKeys.analytics, queryFn: getAnalytics, staleTime: 0 });
}
