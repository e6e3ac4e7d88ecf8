import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { messageKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Staff opened the thread: its replies are read and its unread count goes to 0. */
export async function markConversationRead(conversationId: string) {
  return unwrap(
    await apiClient.POST('/api/conversations/{id}/read', {
      params: { path: { id: conversationId } },
    }),
  );
}

export function useMarkConversationRead() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all(organizationId) }),
  });
}
