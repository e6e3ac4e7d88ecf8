import type { Member, MemberInput } from '@fitbase/domain/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { memberKeys } from './member-keys';

export function createMember(input: MemberInput) {
  return api<Member>('/api/members', { method: 'POST', body: input });
}

export function useCreateMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    onSuccess: (member) => {
      queryClient.setQueryData(memberKeys.detail(organizationId, member.id), member);
      void queryClient.invalidateQueries({ queryKey: memberKeys.all(organizationId) });
      void queryClient.invalidateQueries({ queryKey: memberKeys.dashboard(organizationId) });
    },
  });
}
