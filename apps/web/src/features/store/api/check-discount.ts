import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { discountKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export interface DiscountCheck {
  code: string;
  discount: string;
  total: string;
}

/**
 * What a code takes off this amount of products, checked live as the cart changes. An invalid
 * code is a 409 'discount_invalid' whose message says why (expired, used up...).
 */
export function discountCheckQueryOptions(organizationId: string, code: string, amount: string) {
  return queryOptions({
    queryKey: [...discountKeys.all(organizationId), 'check', { code, amount }] as const,
    queryFn: async ({ signal }): Promise<DiscountCheck> =>
      unwrap(
        await apiClient.POST('/api/discounts/check', {
          body: { code, appliesTo: 'product', amount },
          signal,
        }),
      ),
    retry: false,
    staleTime: 30_000,
  });
}

export function useDiscountCheck(code: string, amount: string) {
  const organizationId = useStudioId();
  return useQuery({
    ...discountCheckQueryOptions(organizationId, code, amount),
    enabled: code.length > 0,
  });
}
