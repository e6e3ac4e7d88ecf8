import type { PortalStudio } from '@fitbase/domain/contracts/portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** The studio as the portal shows it (name, logo, time zone), readable before signing in. */
export function studioQueryOptions(slug: string) {
  return queryOptions({
    queryKey: portalKeys.studio(slug),
    queryFn: ({ signal }) => portalFetch<PortalStudio>(slug, '', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useStudio() {
  return useQuery(studioQueryOptions(usePortalSlug()));
}
