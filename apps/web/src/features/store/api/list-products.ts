import type { Product } from '@fitbase/domain/contracts/store';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { storeKeys, type ProductListParams } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export const PRODUCTS_PAGE_SIZE = 25;

export interface ProductPage {
  products: Product[];
  pageInfo: { page: number; pageSize: number; total: number };
  categories: string[];
}

/** One server page of products, searched by name or SKU and filtered by category. */
export function productsQueryOptions(organizationId: string, params: ProductListParams) {
  return queryOptions({
    queryKey: storeKeys.products(organizationId, params),
    queryFn: async ({ signal }): Promise<ProductPage> =>
      unwrap(
        await apiClient.GET('/api/products', {
          params: {
            query: {
              search: params.search.trim() || undefined,
              category: params.category ?? undefined,
              page: params.page,
              pageSize: PRODUCTS_PAGE_SIZE,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useProducts(params: ProductListParams) {
  const organizationId = useStudioId();
  return useQuery(productsQueryOptions(organizationId, params));
}

/** The point of sale's product picker: active products matching the search (first 50). */
export function sellableProductsQueryOptions(organizationId: string, search: string) {
  return queryOptions({
    queryKey: storeKeys.sellable(organizationId, search),
    queryFn: async ({ signal }): Promise<Product[]> =>
      unwrap(
        await apiClient.GET('/api/products', {
          params: {
            query: { search: search.trim() || undefined, active: 'true', page: 1, pageSize: 50 },
          },
          signal,
        }),
      ).products,
    placeholderData: keepPreviousData,
  });
}

export function useSellableProducts(search: string) {
  const organizationId = useStudioId();
  return useQuery(sellableProductsQueryOptions(organizationId, search));
}

/** Products at or below their low-stock threshold (the inventory's low-stock list). */
export function lowStockQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: storeKeys.lowStock(organizationId),
    queryFn: async ({ signal }): Promise<ProductPage> =>
      unwrap(
        await apiClient.GET('/api/products', {
          params: { query: { lowStock: 'true', active: 'true', page: 1, pageSize: 100 } },
          signal,
        }),
      ),
  });
}

export function useLowStockProducts() {
  const organizationId = useStudioId();
  return useQuery(lowStockQueryOptions(organizationId));
}
