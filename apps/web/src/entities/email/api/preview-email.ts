import type { EmailPreview } from '@fitbase/domain/contracts/email-templates';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { campaignKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The server's rendering (sample values, studio footer), for the live preview. */
export function emailPreviewQueryOptions(organizationId: string, subject: string, content: string) {
  return queryOptions({
    queryKey: campaignKeys.preview(organizationId, subject, content),
    queryFn: async ({ signal }): Promise<EmailPreview> =>
      unwrap(await apiClient.POST('/api/email/preview', { body: { subject, content }, signal })),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

export function useEmailPreview(subject: string, content: string) {
  const organizationId = useStudioId();
  return useQuery(emailPreviewQueryOptions(organizationId, subject, content));
}
