import type { KioskSettings } from '@fitbase/domain/contracts/kiosk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { kioskKeys } from './kiosk-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** How members check in without a QR code, and the check-in window around a session's start. */
export function kioskSettingsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: kioskKeys.settings(organizationId),
    queryFn: async ({ signal }): Promise<KioskSettings> =>
      unwrap(await apiClient.GET('/api/kiosk-settings', { signal })),
    enabled: Boolean(organizationId),
  });
}

export function useKioskSettings() {
  const organizationId = useStudioId();
  return useQuery(kioskSettingsQueryOptions(organizationId));
}
