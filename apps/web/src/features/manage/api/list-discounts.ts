import type { Discount } from '@fitbase/domain/contracts/discounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { discountKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The studio's discount codes, active first (owners and admins). */
export function discountsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...discountKeys.all(organizationId), 'list'] as const,
    queryFn: async ({ signal }): Promise<Discount[]> =>
      unwrap(await apiClient.GET('/api/discounts', { signal })).discounts,
  });
}

/** `enabled` false for roles the server refuses (403), so they are not asked. */
export function useDiscounts(enabled = true) {
  const organizationId = useStudioId();
  return useQuery({ ...discountsQueryOptions(organizationId), enabled });
}
