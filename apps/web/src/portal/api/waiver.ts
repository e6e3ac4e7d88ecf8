import type {
  PortalWaiver,
  PortalWaiverSign,
  WaiverSignatures,
} from '@fitbase/domain/contracts/waivers';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch, portalUrl } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** The studio's waiver in the portal (docs/product/waivers.md). */
const waiverKeys = {
  waiver: (slug: string) => [...portalKeys.all(slug), 'waiver'] as const,
  signatures: (slug: string) => [...portalKeys.all(slug), 'waiver-signatures'] as const,
};

export function waiverQueryOptions(slug: string) {
  return queryOptions({
    queryKey: waiverKeys.waiver(slug),
    queryFn: ({ signal }) => portalFetch<PortalWaiver>(slug, '/waiver', { signal }),
  });
}

export function useWaiver() {
  return useQuery(waiverQueryOptions(usePortalSlug()));
}

export function useWaiverSignatures() {
  const slug = usePortalSlug();
  return useQuery({
    queryKey: waiverKeys.signatures(slug),
    queryFn: ({ signal }) => portalFetch<WaiverSignatures>(slug, '/waiver-signatures', { signal }),
  });
}

/** `Sign waiver`: answers the page as it is now, signed. */
export function useSignWaiver() {
  const slug = usePortalSlug();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...portalKeys.all(slug), 'sign-waiver'],
    mutationFn: (body: PortalWaiverSign) =>
      portalFetch<PortalWaiver>(slug, '/waiver/sign', { method: 'POST', body }),
    onSuccess: (waiver) => queryClient.setQueryData(waiverKeys.waiver(slug), waiver),
    // A newer version published meanwhile (waiver_outdated): show the member that one.
    onError: () => void queryClient.invalidateQueries({ queryKey: waiverKeys.waiver(slug) }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: waiverKeys.signatures(slug) });
    },
  });
}

/** A plain link's address: the browser downloads the PDF with the member's cookie. */
export function waiverPdfUrl(slug: string, signatureId: string): string {
  return portalUrl(slug, `/waiver-signatures/${encodeURIComponent(signatureId)}/pdf`);
}
