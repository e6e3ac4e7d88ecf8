import type { ConversationUpdate } from '@fitbase/domain/contracts/conversations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { messageKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Resolve, reopen or assign a conversation. */
export async function updateConversation({
  id,
  changes,
}: {
  id: string;
  changes: ConversationUpdate;
}) {
  return unwrap(
    await apiClient.PATCH('/api/conversations/{id}', {
      params: { path: { id } },
      body: changes,
    }),
  );
}

export function useUpdateConversation() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all(organizationId) }),
  });
}
