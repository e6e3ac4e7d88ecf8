import { useSyncExternalStore } from 'react';
import { getTabOrganizationId, subscribeTabOrganization } from '@/lib/api/current-organization';

/**
 * The studio (organization) this tab works in, for query keys: the very value every API request
 * names in `X-Organization-Id` (lib/api/client.ts reads the same tab store), so a cache key and
 * the request filling it can never name two studios. Switching studios re-renders its users with
 * the new id. Empty only while the tab has no studio yet (signed out, or before `/api/me`
 * answered), when no studio screen renders.
 */
export function useStudioId(): string {
  return useSyncExternalStore(subscribeTabOrganization, getTabOrganizationId, () => null) ?? '';
}
