import type { KioskSettings } from '@fitbase/domain/contracts/kiosk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { kioskKeys } from './kiosk-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Saves the kiosk settings (owners and admins: organization.settings). */
export function useUpdateKioskSettings() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: KioskSettings): Promise<KioskSettings> =>
      unwrap(await apiClient.PUT('/api/kiosk-settings', { body })),
    onSuccess: (settings) => queryClient.setQueryData(kioskKeys.settings(organizationId), settings),
  });
}
