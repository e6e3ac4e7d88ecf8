import type { PortalCard, PortalCardInput } from '@fitbase/domain/contracts/portal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** What the portal sends for a new card: last four, brand, expiry and the name on it. */
export type NewCard = Pick<
  PortalCardInput,
  'cardLastFour' | 'cardBrand' | 'cardExpMonth' | 'cardExpYear' | 'billingName'
> & { isDefault?: boolean };

/** The member's cards on file (brand, last four, expiry). */
export function useCards({ enabled = true }: { enabled?: boolean } = {}) {
  const slug = usePortalSlug();
  return useQuery({
    queryKey: portalKeys.cards(slug),
    queryFn: ({ signal }) => portalFetch<{ cards: PortalCard[] }>(slug, '/cards', { signal }),
    enabled,
  });
}

/** `Add card`: last four, brand and expiry only (see card-fields.tsx). */
export function useAddCard() {
  const slug = usePortalSlug();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...portalKeys.all(slug), 'add-card'],
    mutationFn: (card: NewCard) =>
      portalFetch<PortalCard>(slug, '/cards', { method: 'POST', body: card }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: portalKeys.cards(slug) });
    },
  });
}
