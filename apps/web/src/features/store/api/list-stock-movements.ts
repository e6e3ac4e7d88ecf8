import type { StockMovement } from '@fitbase/domain/contracts/store';
import type { StockMovementReason } from '@fitbase/domain/money-constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { storeKeys, type StockMovementParams } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export const MOVEMENTS_PAGE_SIZE = 25;

export interface StockMovementPage {
  movements: StockMovement[];
  pageInfo: { page: number; pageSize: number; total: number };
}

/** Every stock movement, newest first, one server page at a time. */
export function stockMovementsQueryOptions(organizationId: string, params: StockMovementParams) {
  return queryOptions({
    queryKey: storeKeys.movements(organizationId, params),
    queryFn: async ({ signal }): Promise<StockMovementPage> =>
      unwrap(
        await apiClient.GET('/api/stock-movements', {
          params: {
            query: {
              reason: (params.reason as StockMovementReason | null) ?? undefined,
              page: params.page,
              pageSize: MOVEMENTS_PAGE_SIZE,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useStockMovements(params: StockMovementParams) {
  const organizationId = useStudioId();
  return useQuery(stockMovementsQueryOptions(organizationId, params));
}
