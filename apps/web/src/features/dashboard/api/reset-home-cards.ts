import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { useStudioId } from '@/hooks/use-studio-id';
import { homeCardsKey } from './get-home-cards';

export async function resetHomeCards() {
  return unwrap(await apiClient.DELETE('/api/dashboard/home/cards', {}));
}

/** Back to the default cards, saved on the server. */
export function useResetHomeCards() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetHomeCards,
    onSuccess: (cards) => queryClient.setQueryData(homeCardsKey(organizationId), cards),
  });
}
