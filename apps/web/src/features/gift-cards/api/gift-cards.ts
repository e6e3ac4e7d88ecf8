import type {
  GiftCardDetail,
  GiftCardPage,
  GiftCardRefund,
  GiftCardSell,
} from '@fitbase/domain/contracts/gift-cards';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { dashboardKeys, storeKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Gift cards (docs/product/money-and-store.md#gift-cards): under the store's keys, so money events refresh them. */
export const giftCardKeys = {
  all: (organizationId: string) => [...storeKeys.all(organizationId), 'gift-cards'] as const,
  page: (organizationId: string, page: number) =>
    [...giftCardKeys.all(organizationId), 'page', page] as const,
  card: (organizationId: string, id: string) =>
    [...giftCardKeys.all(organizationId), 'card', id] as const,
};

export const GIFT_CARDS_PAGE_SIZE = 25;

export function useGiftCards(page: number) {
  const organizationId = useStudioId();
  return useQuery({
    queryKey: giftCardKeys.page(organizationId, page),
    queryFn: async ({ signal }): Promise<GiftCardPage> =>
      unwrap(
        await apiClient.GET('/api/gift-cards', {
          params: { query: { page, pageSize: GIFT_CARDS_PAGE_SIZE } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useGiftCard(id: string | null) {
  const organizationId = useStudioId();
  return useQuery({
    queryKey: giftCardKeys.card(organizationId, id ?? ''),
    queryFn: async ({ signal }): Promise<GiftCardDetail> =>
      unwrap(
        await apiClient.GET('/api/gift-cards/{id}', {
          params: { path: { id: id ?? '' } },
          signal,
        }),
      ),
    enabled: Boolean(id),
  });
}

/** `Sell gift card`: the money is taken and the code is emailed to the recipient. */
export function useSellGiftCard() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: GiftCardSell): Promise<GiftCardDetail> =>
      unwrap(await apiClient.POST('/api/gift-cards', { body })),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: giftCardKeys.all(organizationId) }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all(organizationId) }),
      ]);
    },
  });
}

/**
 * `Refund balance` (owners and admins): what is left on a card goes back to the buyer's original
 * payment, and the card's balance goes down by as much.
 */
export function useRefundGiftCard() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: GiftCardRefund & { id: string }): Promise<GiftCardDetail> =>
      unwrap(
        await apiClient.POST('/api/gift-cards/{id}/refund', { params: { path: { id } }, body }),
      ),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: giftCardKeys.all(organizationId) }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all(organizationId) }),
      ]);
    },
  });
}
