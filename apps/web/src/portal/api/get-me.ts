import type { PortalMe } from '@fitbase/domain/contracts/portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { isUnauthorized, portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** The signed-in member, or null when this browser is not signed in to the studio (401). */
export function meQueryOptions(slug: string) {
  return queryOptions({
    queryKey: portalKeys.me(slug),
    queryFn: async ({ signal }): Promise<PortalMe | null> => {
      try {
        return await portalFetch<PortalMe>(slug, '/me', { signal });
      } catch (error) {
        if (isUnauthorized(error)) return null;
        throw error;
      }
    },
  });
}

export function useMe() {
  return useQuery(meQueryOptions(usePortalSlug()));
}
