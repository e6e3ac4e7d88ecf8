import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { campaignKeys } from '@/lib/query-keys';

export async function duplicateEmailTemplate(id: string) {
  return unwrap(
    await apiClient.POST('/api/email-templates/{id}/duplicate', { params: { path: { id } } }),
  );
}

export function useDuplicateEmailTemplate(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateEmailTemplate,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: campaignKeys.templates(organizationId) }),
  });
}
