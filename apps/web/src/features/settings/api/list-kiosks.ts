import type { Kiosk } from '@fitbase/domain/contracts/kiosk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { kioskKeys } from './kiosk-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Settings → Kiosks (docs/product/kiosk.md): the studio's kiosks, owners and admins. */
export function kiosksQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: kioskKeys.list(organizationId),
    queryFn: async ({ signal }): Promise<Kiosk[]> =>
      unwrap(await apiClient.GET('/api/kiosks', { signal })).kiosks,
    enabled: Boolean(organizationId),
  });
}

export function useKiosks() {
  const organizationId = useStudioId();
  return useQuery(kiosksQueryOptions(organizationId));
}
