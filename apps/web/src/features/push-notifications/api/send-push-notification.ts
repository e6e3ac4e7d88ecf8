import type { PushNotificationInput } from '@fitbase/domain/contracts/push-notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { pushNotificationKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function sendPushNotification(input: PushNotificationInput) {
  return unwrap(await apiClient.POST('/api/push-notifications', { body: input }));
}

export function useSendPushNotification() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPushNotification,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: pushNotificationKeys.all(organizationId) }),
  });
}
