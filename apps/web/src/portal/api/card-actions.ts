import type { PortalCard } from '@fitbase/domain/contracts/portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

type Cards = { cards: PortalCard[] };

/** `Make default` and `Remove` on a card on file; both answer the cards as they are now. */
export function useCardAction(action: 'default' | 'remove') {
  const slug = usePortalSlug();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...portalKeys.all(slug), 'card', action],
    mutationFn: (id: string) =>
      action === 'default'
        ? portalFetch<Cards>(slug, `/cards/${id}/default`, { method: 'POST' })
        : portalFetch<Cards>(slug, `/cards/${id}`, { method: 'DELETE' }),
    onSuccess: (cards) => queryClient.setQueryData(portalKeys.cards(slug), cards),
  });
}
