import type { MembershipRules } from '@fitbase/domain/contracts/membership-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { settingsKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Saves the membership rules (owners and admins: money.manage). */
export function useUpdateMembershipRules() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MembershipRules): Promise<MembershipRules> =>
      unwrap(await apiClient.PUT('/api/settings/membership-rules', { body })),
    onSuccess: (rules) => {
      queryClient.setQueryData(settingsKeys.membershipRules(organizationId), rules);
    },
  });
}
