import type { EmailTemplateList } from '@fitbase/domain/contracts/email-templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { campaignKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The studio's templates, active first, with the number of active ones. */
export function emailTemplatesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: campaignKeys.templates(organizationId),
    queryFn: async ({ signal }): Promise<EmailTemplateList> =>
      unwrap(await apiClient.GET('/api/email-templates', { signal })),
  });
}

export function useEmailTemplates() {
  const organizationId = useStudioId();
  return useQuery(emailTemplatesQueryOptions(organizationId));
}
