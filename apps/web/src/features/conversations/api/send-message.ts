import type { SendMessageInput } from '@fitbase/domain/contracts/conversations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { messageKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** A 1:1 message to a member: stored in their conversation and sent by email. */
export async function sendMessage({
  memberId,
  input,
}: {
  memberId: string;
  input: SendMessageInput;
}) {
  return unwrap(
    await apiClient.POST('/api/members/{id}/messages', {
      params: { path: { id: memberId } },
      body: input,
    }),
  );
}

export function useSendMessage() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all(organizationId) }),
  });
}
