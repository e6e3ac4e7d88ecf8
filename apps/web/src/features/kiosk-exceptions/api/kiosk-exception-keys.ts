import { memberKeys } from '@/lib/query-keys';

/**
 * Kiosk exceptions (docs/product/kiosk.md): check-ins a kiosk recorded offline that the server
 * would have refused. Under 'members', as the visits they are about, so a member change
 * refreshes them; kept in the feature, the only one that asks for them.
 */
export const kioskExceptionKeys = {
  all: (organizationId: string) => [...memberKeys.all(organizationId), 'kiosk-exceptions'] as const,
  list: (organizationId: string, status: 'open' | 'all') =>
    [...kioskExceptionKeys.all(organizationId), status] as const,
};
