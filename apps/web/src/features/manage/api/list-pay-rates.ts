import type { PayRate } from '@fitbase/domain/contracts/pay-rates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { payRateKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Trainers' pay rates, the one in force today marked current (owners and admins). */
export function payRatesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...payRateKeys.all(organizationId), 'list'] as const,
    queryFn: async ({ signal }): Promise<PayRate[]> =>
      unwrap(await apiClient.GET('/api/pay-rates', { signal })).payRates,
  });
}

/** `enabled` false for roles the server refuses (403), so they are not asked. */
export function usePayRates(enabled = true) {
  const organizationId = useStudioId();
  return useQuery({ ...payRatesQueryOptions(organizationId), enabled });
}
