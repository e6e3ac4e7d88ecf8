import type { PortalEmbed, PortalEmbedInput } from '@fitbase/domain/contracts/portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { settingsKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Saves the websites allowed to frame the public schedule (owners and admins). */
export function useUpdatePortalEmbed() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PortalEmbedInput): Promise<PortalEmbed> =>
      unwrap(await apiClient.PUT('/api/settings/portal-embed', { body })),
    onSuccess: (embed) => {
      queryClient.setQueryData(settingsKeys.portalEmbed(organizationId), embed);
    },
  });
}
