import type { HomeCardsInput } from '@fitbase/domain/contracts/home-cards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { useStudioId } from '@/hooks/use-studio-id';
import { homeCardsKey } from './get-home-cards';

export async function saveHomeCards(input: HomeCardsInput) {
  return unwrap(await apiClient.PUT('/api/dashboard/home/cards', { body: input }));
}

/** Saves the person's cards; the answer (with the new cards' figures) replaces the cached one. */
export function useSaveHomeCards() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHomeCards,
    onSuccess: (cards) => queryClient.setQueryData(homeCardsKey(organizationId), cards),
  });
}
