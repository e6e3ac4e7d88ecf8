import type {
  PortalCheckInCode,
  PortalProfile,
  PortalProfileUpdate,
} from '@fitbase/domain/contracts/portal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** The member's own record: contact details, emergency contact, marketing consent. */
export function useProfile() {
  const slug = usePortalSlug();
  return useQuery({
    queryKey: portalKeys.profile(slug),
    queryFn: ({ signal }) => portalFetch<PortalProfile>(slug, '/profile', { signal }),
  });
}

/** A partial update; the answer is the whole profile. */
export function useUpdateProfile() {
  const slug = usePortalSlug();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...portalKeys.all(slug), 'update-profile'],
    mutationFn: (changes: PortalProfileUpdate) =>
      portalFetch<PortalProfile>(slug, '/profile', { method: 'PATCH', body: changes }),
    onSuccess: (profile) => {
      queryClient.setQueryData(portalKeys.profile(slug), profile);
      // A changed phone can allow a PIN, or clear one set for the old last digits.
      void queryClient.invalidateQueries({ queryKey: portalKeys.kioskAccess(slug) });
    },
  });
}

/** `My check-in code`: what the QR code holds (made on first use). */
export function useCheckInCode() {
  const slug = usePortalSlug();
  return useQuery({
    queryKey: portalKeys.checkInCode(slug),
    queryFn: ({ signal }) => portalFetch<PortalCheckInCode>(slug, '/check-in-code', { signal }),
  });
}

/** `New code`: the old one stops working at once. */
export function useRotateCheckInCode() {
  const slug = usePortalSlug();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...portalKeys.all(slug), 'rotate-check-in-code'],
    mutationFn: () =>
      portalFetch<PortalCheckInCode>(slug, '/check-in-code/rotate', { method: 'POST' }),
    onSuccess: (code) => queryClient.setQueryData(portalKeys.checkInCode(slug), code),
  });
}
