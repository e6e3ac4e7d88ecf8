import type { AudienceRule } from '@fitbase/domain/contracts/audiences';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { audienceKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The editor's live count: how many members the rules select now (null rules: not asked). */
export function audiencePreviewQueryOptions(organizationId: string, rules: AudienceRule[] | null) {
  return queryOptions({
    queryKey: audienceKeys.preview(organizationId, rules),
    queryFn: async ({ signal }) =>
      unwrap(
        await apiClient.POST('/api/audiences/preview', { body: { rules: rules ?? [] }, signal }),
      ).count,
    enabled: rules !== null && rules.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useAudiencePreview(rules: AudienceRule[] | null) {
  const organizationId = useStudioId();
  return useQuery(audiencePreviewQueryOptions(organizationId, rules));
}
