import type { PortalMembershipPause } from '@fitbase/domain/contracts/portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** `Pause membership`: from the first to the last paused day; the answer says what follows. */
export function pauseMembership(slug: string, membershipId: string, input: PortalMembershipPause) {
  return portalFetch<{ message: string }>(
    slug,
    `/memberships/${encodeURIComponent(membershipId)}/pause`,
    { method: 'POST', body: { firstDay: input.firstDay, lastDay: input.lastDay } },
  );
}

export function usePauseMembership() {
  const slug = usePortalSlug();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...portalKeys.all(slug), 'pause-membership'],
    mutationFn: ({ membershipId, ...input }: PortalMembershipPause & { membershipId: string }) =>
      pauseMembership(slug, membershipId, input),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: portalKeys.memberships(slug) });
    },
  });
}
