import type {
  PortalJoin,
  PortalJoined,
  PortalJoinInfo,
} from '@fitbase/domain/contracts/portal-join';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** `Join online`: what the studio sells online, whether each needs a card, and its waiver. */
export function useJoinInfo() {
  const slug = usePortalSlug();
  return useQuery({
    queryKey: portalKeys.join(slug),
    queryFn: ({ signal }) => portalFetch<PortalJoinInfo>(slug, '/join', { signal }),
  });
}

/**
 * `Join`: the new member, signed in by the answer's cookie. The same key for a repeated attempt
 * (no answer, a double click): the server makes one member and one charge.
 */
export function useJoin() {
  const slug = usePortalSlug();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: PortalJoin; idempotencyKey: string }) =>
      portalFetch<PortalJoined>(slug, '/join', {
        method: 'POST',
        body: input,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: ({ me }) => {
      // Whatever was cached belonged to no one (signed out) or to someone else.
      queryClient.removeQueries({ queryKey: portalKeys.all(slug) });
      queryClient.setQueryData(portalKeys.me(slug), me);
      queryClient.setQueryData(portalKeys.studio(slug), me.studio);
    },
  });
}
