import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized, PortalApiError } from './portal-fetch';
import { portalKeys } from './portal-keys';

/**
 * The portal's query client. A 401 on any call means the member's session is over (expired,
 * signed out elsewhere): the studio's `me` becomes null, so the signed-in layout sends them to
 * the sign-in page. 4xx answers are not retried (they only repeat).
 */
export function createPortalQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  const signedOut = (slug: unknown) => {
    if (typeof slug === 'string') client.setQueryData(portalKeys.me(slug), null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthorized(error) && query.queryKey[2] !== 'me') signedOut(query.queryKey[1]);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isUnauthorized(error)) signedOut(mutation.options.mutationKey?.[1]);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Asked even when the browser says it is offline: the service worker answers the
        // member's bookings and check-in code from its copy (offline/offline-cache.ts).
        networkMode: 'offlineFirst',
        retry: (count, error) =>
          retry &&
          !(error instanceof PortalApiError && error.status >= 400 && error.status < 500) &&
          count < 2,
      },
    },
  });
  return client;
}
