import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export interface PayableStaff {
  userId: string;
  name: string;
  role: string;
}

/** The staff who can teach (GET /api/trainers), for a pay rate's trainer picker. */
export function payableStaffQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: scheduleKeys.trainers(organizationId),
    queryFn: async ({ signal }): Promise<PayableStaff[]> =>
      unwrap(await apiClient.GET('/api/trainers', { signal })).trainers,
  });
}

export function usePayableStaff() {
  const organizationId = useStudioId();
  return useQuery(payableStaffQueryOptions(organizationId));
}
