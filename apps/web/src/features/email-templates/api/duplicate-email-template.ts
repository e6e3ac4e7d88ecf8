import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { campaignKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function duplicateEmailTemplate(id: string) {
  return unwrap(
    await apiClient.POST('/api/email-templates/{id}/duplicate', { params: { path: { id } } }),
  );
}

export function useDuplicateEmailTemplate() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateEmailTemplate,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: campaignKeys.templates(organizationId) }),
  });
}
