import type { Order, OrderRefund } from '@fitbase/domain/contracts/store';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { dashboardKeys, storeKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Refund an order: returned lines go back into stock; the money goes back to how it was paid. */
export async function refundOrder({
  orderId,
  refund,
}: {
  orderId: string;
  refund: OrderRefund;
}): Promise<Order> {
  return unwrap(
    await apiClient.POST('/api/orders/{id}/refund', {
      params: { path: { id: orderId } },
      body: refund,
    }),
  );
}

export function useRefundOrder() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: storeKeys.all(organizationId) }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all(organizationId) }),
      ]);
    },
  });
}
