import type { MembershipRules } from '@fitbase/domain/contracts/membership-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { settingsKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/**
 * The studio's rules for members' own membership changes in the portal (the notice an online
 * cancellation needs, the pause rules): edited in Settings → General.
 */
export function membershipRulesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: settingsKeys.membershipRules(organizationId),
    queryFn: async ({ signal }): Promise<MembershipRules> =>
      unwrap(await apiClient.GET('/api/settings/membership-rules', { signal })),
    enabled: Boolean(organizationId),
  });
}

export function useMembershipRules() {
  const organizationId = useStudioId();
  return useQuery(membershipRulesQueryOptions(organizationId));
}
