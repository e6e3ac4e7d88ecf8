import type { GeneralSettings, GeneralSettingsUpdate } from '@fitbase/domain/contracts/settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { meKey, settingsKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The studio profile, branding and read-only studio rules (Settings → General). */
export function generalSettingsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: settingsKeys.general(organizationId),
    queryFn: async ({ signal }): Promise<GeneralSettings> =>
      unwrap(await apiClient.GET('/api/settings/general', { signal })),
  });
}

export function useGeneralSettings() {
  const organizationId = useStudioId();
  return useQuery(generalSettingsQueryOptions(organizationId));
}

export function useUpdateGeneralSettings() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: GeneralSettingsUpdate): Promise<GeneralSettings> =>
      unwrap(await apiClient.PATCH('/api/settings/general', { body })),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKeys.general(organizationId), settings);
      // The name, slug and colours the layout shows come from /api/me.
      void queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}
