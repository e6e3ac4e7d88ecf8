import type { PortalMe, PortalSignIn } from '@fitbase/domain/contracts/portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** Trades the emailed code for the session cookie; answers the member. */
export function signIn(slug: string, input: PortalSignIn) {
  return portalFetch<PortalMe>(slug, '/sign-in', {
    method: 'POST',
    body: { email: input.email.trim(), code: input.code.trim() },
  });
}

export function useSignIn() {
  const slug = usePortalSlug();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PortalSignIn) => signIn(slug, input),
    onSuccess: (me) => {
      // Whatever was cached belonged to no one or to someone else.
      queryClient.removeQueries({ queryKey: portalKeys.all(slug) });
      queryClient.setQueryData(portalKeys.me(slug), me);
      queryClient.setQueryData(portalKeys.studio(slug), me.studio);
    },
  });
}
