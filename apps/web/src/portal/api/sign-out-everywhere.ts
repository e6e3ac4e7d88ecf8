import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';
import { signedOutCache } from './sign-out';

/** Ends every session of the member (all browsers and phones). */
export function signOutEverywhere(slug: string) {
  return portalFetch<void>(slug, '/sign-out-everywhere', { method: 'POST' });
}

export function useSignOutEverywhere() {
  const slug = usePortalSlug();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...portalKeys.all(slug), 'sign-out-everywhere'],
    mutationFn: () => signOutEverywhere(slug),
    onSuccess: () => signedOutCache(queryClient, slug),
  });
}
