import type { EmailTemplate } from '@fitbase/domain/contracts/email-templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { messageKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Active templates a message can start from. */
export function messageTemplatesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: messageKeys.templates(organizationId),
    queryFn: async ({ signal }): Promise<EmailTemplate[]> =>
      unwrap(await apiClient.GET('/api/email-templates', { signal })).templates.filter(
        (template) => template.status === 'active',
      ),
  });
}

export function useMessageTemplates(enabled = true) {
  const organizationId = useStudioId();
  return useQuery({ ...messageTemplatesQueryOptions(organizationId), enabled });
}
