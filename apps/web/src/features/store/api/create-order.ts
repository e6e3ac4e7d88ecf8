import type { Order, OrderCreate } from '@fitbase/domain/contracts/store';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { dashboardKeys, storeKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/**
 * A point-of-sale sale. The Idempotency-Key is one per opened sale: a double click or a retried
 * request returns the same order instead of selling twice.
 */
export async function createOrder({
  order,
  idempotencyKey,
}: {
  order: OrderCreate;
  idempotencyKey: string;
}): Promise<Order> {
  return unwrap(
    await apiClient.POST('/api/orders', {
      body: order,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
}

export function useCreateOrder() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // A declined card is an error, yet its failed order is on record: refresh either way.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: storeKeys.all(organizationId) }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all(organizationId) }),
      ]);
    },
  });
}
