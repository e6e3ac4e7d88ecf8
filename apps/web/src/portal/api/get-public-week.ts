import type { PortalWeek } from '@fitbase/domain/contracts/portal';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/**
 * The public schedule: seven days of the studio's classes from `from` (YYYY-MM-DD, today when
 * null), readable without signing in (`myBooking` always null).
 */
export function publicWeekQueryOptions(slug: string, from: string | null) {
  return queryOptions({
    queryKey: portalKeys.publicWeek(slug, from),
    queryFn: ({ signal }) =>
      portalFetch<PortalWeek>(
        slug,
        from ? `/classes?from=${encodeURIComponent(from)}` : '/classes',
        { signal },
      ),
  });
}

export function usePublicWeek(from: string | null) {
  // The last week stays on screen while the next one loads.
  return useQuery({
    ...publicWeekQueryOptions(usePortalSlug(), from),
    placeholderData: keepPreviousData,
  });
}
