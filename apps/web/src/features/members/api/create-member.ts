import type { MemberInput } from '@fitbase/domain/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { dashboardKeys, memberKeys, moneyKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function createMember(input: MemberInput) {
  return unwrap(await apiClient.POST('/api/members', { body: input }));
}

export function useCreateMember() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    onSuccess: (member) => {
      queryClient.setQueryData(memberKeys.detail(organizationId, member.id), member);
      void queryClient.invalidateQueries({ queryKey: memberKeys.all(organizationId) });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(organizationId) });
      // A plan sold with the member: memberships, payments and revenue changed too.
      void queryClient.invalidateQueries({ queryKey: moneyKeys.all(organizationId) });
    },
  });
}
