import type { PortalEmbed } from '@fitbase/domain/contracts/portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { settingsKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/**
 * `Embed on your website` (docs/product/member-portal.md#public-schedule): the public schedule's
 * address for the iframe snippet and the websites allowed to frame it. Every role reads it.
 */
export function portalEmbedQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: settingsKeys.portalEmbed(organizationId),
    queryFn: async ({ signal }): Promise<PortalEmbed> =>
      unwrap(await apiClient.GET('/api/settings/portal-embed', { signal })),
    enabled: Boolean(organizationId),
  });
}

export function usePortalEmbed() {
  const organizationId = useStudioId();
  return useQuery(portalEmbedQueryOptions(organizationId));
}
