import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';
import { forgetOfflineCopies } from '../offline/offline-cache';
import { forgetPushHere } from './push';

/** Ends this browser's session; this device stops getting the member's push notifications. */
export async function signOut(slug: string) {
  await forgetPushHere(slug);
  return portalFetch<void>(slug, '/sign-out', { method: 'POST' });
}

export function useSignOut() {
  const slug = usePortalSlug();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...portalKeys.all(slug), 'sign-out'],
    mutationFn: () => signOut(slug),
    onSuccess: () => signedOutCache(queryClient, slug),
  });
}

/** Forgets the member's data; `me` is null, so the signed-in pages give way to sign-in. */
export function signedOutCache(queryClient: QueryClient, slug: string) {
  // The service worker forgets them too; this also covers a page it does not control yet.
  void forgetOfflineCopies(slug).catch(() => undefined);
  const studio = queryClient.getQueryData(portalKeys.studio(slug));
  queryClient.removeQueries({ queryKey: portalKeys.all(slug) });
  if (studio) queryClient.setQueryData(portalKeys.studio(slug), studio);
  queryClient.setQueryData(portalKeys.me(slug), null);
}
