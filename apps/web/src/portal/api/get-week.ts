import type { PortalWeek } from '@fitbase/domain/contracts/portal';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** Seven days of the studio's classes from `from` (YYYY-MM-DD), today when null. */
export function weekQueryOptions(slug: string, from: string | null) {
  return queryOptions({
    queryKey: portalKeys.week(slug, from),
    queryFn: ({ signal }) =>
      portalFetch<PortalWeek>(
        slug,
        from ? `/schedule?from=${encodeURIComponent(from)}` : '/schedule',
        { signal },
      ),
  });
}

export function useWeek(from: string | null) {
  // The last week stays on screen while the next one loads.
  return useQuery({
    ...weekQueryOptions(usePortalSlug(), from),
    placeholderData: keepPreviousData,
  });
}
