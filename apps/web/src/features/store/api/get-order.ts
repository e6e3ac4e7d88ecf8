import type { Order } from '@fitbase/domain/contracts/store';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { storeKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export function orderQueryOptions(organizationId: string, orderId: string) {
  return queryOptions({
    queryKey: storeKeys.order(organizationId, orderId),
    queryFn: async ({ signal }): Promise<Order> =>
      unwrap(
        await apiClient.GET('/api/orders/{id}', { params: { path: { id: orderId } }, signal }),
      ),
  });
}

export function useOrder(orderId: string | null) {
  const organizationId = useStudioId();
  return useQuery({
    ...orderQueryOptions(organizationId, orderId ?? ''),
    enabled: Boolean(orderId),
  });
}
