import type { KioskException } from '@fitbase/domain/contracts/kiosk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { kioskExceptionKeys } from './kiosk-exception-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export type KioskExceptionStatus = 'open' | 'all';

/**
 * Check-ins a kiosk recorded offline that the server would have refused
 * (docs/product/kiosk.md#offline): every role reads them (members.view).
 */
export function kioskExceptionsQueryOptions(organizationId: string, status: KioskExceptionStatus) {
  return queryOptions({
    queryKey: kioskExceptionKeys.list(organizationId, status),
    queryFn: async ({ signal }): Promise<KioskException[]> =>
      unwrap(
        await apiClient.GET('/api/kiosk-exceptions', { params: { query: { status } }, signal }),
      ).exceptions,
    enabled: Boolean(organizationId),
  });
}

export function useKioskExceptions(status: KioskExceptionStatus) {
  const organizationId = useStudioId();
  return useQuery(kioskExceptionsQueryOptions(organizationId, status));
}
