import type { GiftCardBalance, PortalGiftCardBuy } from '@fitbase/domain/contracts/gift-cards';
import { useMutation } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';

/** `Buy gift card` with a card on file: the code is emailed to the recipient (ADR 0040). */
export function useBuyGiftCard() {
  const slug = usePortalSlug();
  return useMutation({
    mutationFn: (body: PortalGiftCardBuy) =>
      portalFetch<GiftCardBalance>(slug, '/gift-cards', { method: 'POST', body }),
  });
}

/** What is left on a gift card code (wrong codes are rate limited by the server). */
export function useGiftCardBalance() {
  const slug = usePortalSlug();
  return useMutation({
    mutationFn: (code: string) =>
      portalFetch<GiftCardBalance>(slug, '/gift-cards/balance', {
        method: 'POST',
        body: { code },
      }),
  });
}
