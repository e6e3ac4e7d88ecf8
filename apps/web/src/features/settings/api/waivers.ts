import type {
  WaiverAdmin,
  WaiverSettings,
  WaiverVersion,
  WaiverVersionInput,
} from '@fitbase/domain/contracts/waivers';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { settingsKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Settings → Waivers (docs/product/waivers.md): owners and admins (organization.settings). */
export function waiversQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: settingsKeys.waivers(organizationId),
    queryFn: async ({ signal }): Promise<WaiverAdmin> =>
      unwrap(await apiClient.GET('/api/settings/waivers', { signal })),
    enabled: Boolean(organizationId),
  });
}

export function useWaivers() {
  const organizationId = useStudioId();
  return useQuery(waiversQueryOptions(organizationId));
}

/** `New version`: written once, never changed afterwards. */
export function useCreateWaiverVersion() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WaiverVersionInput): Promise<WaiverVersion> =>
      unwrap(await apiClient.POST('/api/settings/waivers/versions', { body })),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: settingsKeys.waivers(organizationId) }),
  });
}

export function useUpdateWaiverSettings() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WaiverSettings): Promise<WaiverAdmin> =>
      unwrap(await apiClient.PUT('/api/settings/waivers/settings', { body })),
    onSuccess: (admin) => queryClient.setQueryData(settingsKeys.waivers(organizationId), admin),
  });
}
