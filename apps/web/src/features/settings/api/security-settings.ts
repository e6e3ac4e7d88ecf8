import type { SecuritySettings } from '@fitbase/domain/contracts/security';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { settingsKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The studio's security rule: whether staff must use two-factor authentication. */
export function securitySettingsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: settingsKeys.security(organizationId),
    queryFn: async ({ signal }): Promise<SecuritySettings> =>
      unwrap(await apiClient.GET('/api/settings/security', { signal })),
  });
}

export function useSecuritySettings(enabled = true) {
  const organizationId = useStudioId();
  return useQuery({ ...securitySettingsQueryOptions(organizationId), enabled });
}

export function useUpdateSecuritySettings() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SecuritySettings): Promise<SecuritySettings> =>
      unwrap(await apiClient.PATCH('/api/settings/security', { body })),
    onSuccess: (settings) =>
      queryClient.setQueryData(settingsKeys.security(organizationId), settings),
  });
}
