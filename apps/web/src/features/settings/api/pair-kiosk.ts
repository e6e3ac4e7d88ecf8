import type { KioskPairing, PairKioskInput } from '@fitbase/domain/contracts/kiosk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { kioskKeys } from './kiosk-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** `Pair a kiosk`: a new kiosk waiting for its device, and the pairing code shown this once. */
export function usePairKiosk() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PairKioskInput): Promise<KioskPairing> =>
      unwrap(await apiClient.POST('/api/kiosks', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kioskKeys.list(organizationId) }),
  });
}
