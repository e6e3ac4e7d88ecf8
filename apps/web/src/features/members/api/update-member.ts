import type { MemberUpdateInput } from '@fitbase/domain/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { dashboardKeys, memberKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function updateMember(memberId: string, patch: MemberUpdateInput) {
  return unwrap(
    await apiClient.PATCH('/api/members/{id}', { params: { path: { id: memberId } }, body: patch }),
  );
}

export function useUpdateMember(memberId: string) {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: MemberUpdateInput) => updateMember(memberId, patch),
    onSuccess: (member) => {
      queryClient.setQueryData(memberKeys.detail(organizationId, memberId), member);
      // Name and status show in the directory, its cards and the dashboards' recent activity.
      void queryClient.invalidateQueries({
        queryKey: memberKeys.all(organizationId),
        predicate: (query) => query.queryKey[3] !== 'detail',
      });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(organizationId) });
    },
  });
}
