import type {
  PortalMembershipCancel,
  PortalMembershipCancelTerms,
} from '@fitbase/domain/contracts/portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** `Cancel membership`: it runs until the last day it answers, then ends (an email says so). */
export function cancelMembership(
  slug: string,
  membershipId: string,
  input: PortalMembershipCancel,
) {
  const reason = input.reason?.trim();
  return portalFetch<PortalMembershipCancelTerms>(
    slug,
    `/memberships/${encodeURIComponent(membershipId)}/cancel`,
    { method: 'POST', body: reason ? { reason } : {} },
  );
}

export function useCancelMembership() {
  const slug = usePortalSlug();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...portalKeys.all(slug), 'cancel-membership'],
    mutationFn: ({ membershipId, reason }: { membershipId: string; reason?: string }) =>
      cancelMembership(slug, membershipId, { reason }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: portalKeys.memberships(slug) });
    },
  });
}
