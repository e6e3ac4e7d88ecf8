import type { PortalPurchase } from '@fitbase/domain/contracts/portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import type { NewCard } from './cards';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

export type BuyPayment =
  | (({ paymentMethodId: string } | { card: NewCard }) & {
      /** A gift card that pays first, up to its balance; the card pays the rest. */
      giftCardCode?: string;
    })
  /** A gift card alone: when its balance covers the whole purchase (ADR 0040). */
  | { giftCardCode: string };

/**
 * `Buy`: with a card on file, or a new card (saved to the member's cards by the server), or a
 * gift card that covers it all.
 */
export function useBuyOffer() {
  const slug = usePortalSlug();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...portalKeys.all(slug), 'buy'],
    mutationFn: ({
      offerId,
      payment,
      idempotencyKey,
    }: {
      offerId: string;
      payment: BuyPayment;
      /** The same key for a repeated attempt: the server charges once. */
      idempotencyKey: string;
    }) =>
      portalFetch<PortalPurchase>(slug, `/offers/${encodeURIComponent(offerId)}/buy`, {
        method: 'POST',
        body: payment,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: portalKeys.memberships(slug) });
      void queryClient.invalidateQueries({ queryKey: portalKeys.cards(slug) });
    },
  });
}
