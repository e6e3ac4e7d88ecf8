import type { HomeCards } from '@fitbase/domain/contracts/home-cards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { dashboardKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/**
 * The person's home cards, the figures of the chosen ones the home does not carry, and the
 * setup checklist. Under the home's key, so whatever refreshes the home refreshes these.
 */
export const homeCardsKey = (organizationId: string) =>
  [...dashboardKeys.home(organizationId), 'cards'] as const;

export function homeCardsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: homeCardsKey(organizationId),
    queryFn: async ({ signal }): Promise<HomeCards> =>
      unwrap(await apiClient.GET('/api/dashboard/home/cards', { signal })),
    refetchInterval: 60_000,
  });
}

export function useHomeCards() {
  const organizationId = useStudioId();
  return useQuery(homeCardsQueryOptions(organizationId));
}
