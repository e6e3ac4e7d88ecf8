import type { Order } from '@fitbase/domain/contracts/store';
import type { OrderStatus } from '@fitbase/domain/money-constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { storeKeys, type OrderListParams } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export const ORDERS_PAGE_SIZE = 25;

export interface OrderPage {
  orders: Order[];
  pageInfo: { page: number; pageSize: number; total: number };
}

/** Orders, newest first, one server page at a time. */
export function ordersQueryOptions(organizationId: string, params: OrderListParams) {
  return queryOptions({
    queryKey: storeKeys.orders(organizationId, params),
    queryFn: async ({ signal }): Promise<OrderPage> =>
      unwrap(
        await apiClient.GET('/api/orders', {
          params: {
            query: {
              status: (params.status as OrderStatus | null) ?? undefined,
              page: params.page,
              pageSize: ORDERS_PAGE_SIZE,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useOrders(params: OrderListParams) {
  const organizationId = useStudioId();
  return useQuery(ordersQueryOptions(organizationId, params));
}
