import type { StockChange } from '@fitbase/domain/contracts/store';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { storeKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Stock received, adjusted or counted: one stock movement with its reason. */
export async function changeStock({
  productId,
  change,
}: {
  productId: string;
  change: StockChange;
}) {
  return unwrap(
    await apiClient.POST('/api/products/{id}/stock', {
      params: { path: { id: productId } },
      body: change,
    }),
  );
}

export function useChangeStock() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all(organizationId) }),
  });
}
