import type { MembershipCancel, MembershipRenew } from '@fitbase/domain/contracts/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { invalidateMemberMoney } from './invalidate-money';
import { useStudioId } from '@/hooks/use-studio-id';

/** The lifecycle actions of one membership (docs/product/money-and-store.md#plans-and-memberships). */
export type MembershipChange =
  | { action: 'pause'; id: string; resumesOn: string }
  | { action: 'resume'; id: string }
  | { action: 'cancel'; id: string; cancel: MembershipCancel }
  | { action: 'renew'; id: string; renew: MembershipRenew };

export async function changeMembership(change: MembershipChange) {
  const path = { params: { path: { id: change.id } } };
  switch (change.action) {
    case 'pause':
      return unwrap(
        await apiClient.POST('/api/memberships/{id}/pause', {
          ...path,
          body: { resumesOn: change.resumesOn },
        }),
      );
    case 'resume':
      return unwrap(await apiClient.POST('/api/memberships/{id}/resume', path));
    case 'cancel':
      return unwrap(
        await apiClient.POST('/api/memberships/{id}/cancel', { ...path, body: change.cancel }),
      );
    case 'renew':
      return unwrap(
        await apiClient.POST('/api/memberships/{id}/renew', { ...path, body: change.renew }),
      );
  }
}

export function useChangeMembership(memberId: string) {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMembership,
    // Renew charges: a decline is on record too, so refetch either way.
    onSettled: () => invalidateMemberMoney(queryClient, organizationId, memberId),
  });
}
