import type { StaffList } from '@fitbase/domain/contracts/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** The Staff Members list and its statistics, in one response so they always agree. */
export function staffListQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: staffKeys.list(organizationId),
    queryFn: ({ signal }) => api<StaffList>('/api/staff', { signal }),
  });
}

export function useStaffList(organizationId: string) {
  return useQuery(staffListQueryOptions(organizationId));
}
