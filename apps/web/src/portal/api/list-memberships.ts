import type { PortalMemberships } from '@fitbase/domain/contracts/portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** The member's current memberships and packs (active, paused or past due). */
export function membershipsQueryOptions(slug: string) {
  return queryOptions({
    queryKey: portalKeys.memberships(slug),
    queryFn: ({ signal }) => portalFetch<PortalMemberships>(slug, '/memberships', { signal }),
  });
}

export function useMemberships() {
  return useQuery(membershipsQueryOptions(usePortalSlug()));
}
