import type { Kiosk } from '@fitbase/domain/contracts/kiosk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { kioskKeys } from './kiosk-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** `Revoke`: the device's token stops working at its next request. */
export function useRevokeKiosk() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<Kiosk> =>
      unwrap(await apiClient.POST('/api/kiosks/{id}/revoke', { params: { path: { id } } })),
    onSuccess: (revoked) => {
      queryClient.setQueryData<Kiosk[]>(kioskKeys.list(organizationId), (kiosks) =>
        kiosks?.map((kiosk) => (kiosk.id === revoked.id ? revoked : kiosk)),
      );
    },
  });
}
