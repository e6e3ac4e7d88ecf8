import type { PortalMembershipCancelTerms } from '@fitbase/domain/contracts/portal';
import { useQuery } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** When the membership would end if cancelled now, and why then (minimum term, notice). */
export function getMembershipCancelTerms(slug: string, membershipId: string, signal?: AbortSignal) {
  return portalFetch<PortalMembershipCancelTerms>(
    slug,
    `/memberships/${encodeURIComponent(membershipId)}/cancel-terms`,
    { signal },
  );
}

/** Asked afresh each time the cancel dialog opens (the date moves with today and the rules). */
export function useMembershipCancelTerms(membershipId: string) {
  const slug = usePortalSlug();
  return useQuery({
    queryKey: portalKeys.membershipCancelTerms(slug, membershipId),
    queryFn: ({ signal }) => getMembershipCancelTerms(slug, membershipId, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
