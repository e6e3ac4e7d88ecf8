import type {
  EmailTemplateInput,
  EmailTemplateUpdate,
} from '@fitbase/domain/contracts/email-templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { campaignKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function createEmailTemplate(input: EmailTemplateInput) {
  return unwrap(await apiClient.POST('/api/email-templates', { body: input }));
}

export async function updateEmailTemplate(id: string, changes: EmailTemplateUpdate) {
  return unwrap(
    await apiClient.PATCH('/api/email-templates/{id}', {
      params: { path: { id } },
      body: changes,
    }),
  );
}

/** Create (no id) or change a template, archive and restore included. */
export function useSaveEmailTemplate() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id?: string; changes: EmailTemplateUpdate }) =>
      id ? updateEmailTemplate(id, changes) : createEmailTemplate(changes as EmailTemplateInput),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: campaignKeys.templates(organizationId) }),
  });
}
