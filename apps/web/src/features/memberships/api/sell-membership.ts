import type { MembershipSell } from '@fitbase/domain/contracts/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { invalidateMemberMoney } from './invalidate-money';
import { useStudioId } from '@/hooks/use-studio-id';

export async function sellMembership({
  memberId,
  sale,
}: {
  memberId: string;
  sale: MembershipSell;
}) {
  return unwrap(
    await apiClient.POST('/api/members/{id}/memberships', {
      params: { path: { id: memberId } },
      body: sale,
    }),
  );
}

/** A declined card also refetches: the failed payment is on record and shows in the history. */
export function useSellMembership(memberId: string) {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sale: MembershipSell) => sellMembership({ memberId, sale }),
    onSettled: () => invalidateMemberMoney(queryClient, organizationId, memberId),
  });
}
