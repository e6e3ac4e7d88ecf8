import type { Me } from '@fitbase/domain/contracts/organizations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { setTabOrganizationId } from '@/lib/api/current-organization';
import { meKey } from '@/lib/query-keys';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** The signed-in person, as /api/me would answer (test/studio-me.ts); none unless given. */
  me?: Me;
  /**
   * The tab's studio, as the app settles it (lib/api/current-organization.ts): the id every API
   * request names and `useStudioId()` returns. 'org-1' (test/studio-me.ts) unless given; null
   * for a tab without one.
   */
  organizationId?: string | null;
  /**
   * Inside a router; none unless asked. true: a MemoryRouter at '/'; `initialEntries`: a
   * MemoryRouter there; with `path` too, a data router whose one route (`path`, with its params)
   * renders the element, returned as `router` to read its location.
   */
  router?: boolean | { initialEntries?: string[]; path?: string };
  /** A client of the test's own (to spy on it); otherwise a fresh one that does not retry. */
  queryClient?: QueryClient;
}

/**
 * A component test's render inside the app's providers: a QueryClient (queries do not retry, so
 * a refused request shows at once), the tab's studio, optionally the signed-in person and a
 * router. Returns render's result, the client and the data router (when `router.path` is given).
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    me,
    organizationId = 'org-1',
    router = false,
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    ...options
  }: RenderWithProvidersOptions = {},
) {
  setTabOrganizationId(organizationId);
  if (me) queryClient.setQueryData(meKey, me);
  const initialEntries = typeof router === 'object' ? router.initialEntries : undefined;
  const dataRouter =
    typeof router === 'object' && router.path !== undefined
      ? createMemoryRouter([{ path: router.path, element: ui }], { initialEntries })
      : undefined;
  function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        {router && !dataRouter ? (
          <MemoryRouter initialEntries={initialEntries}>{children}</MemoryRouter>
        ) : (
          children
        )}
      </QueryClientProvider>
    );
  }
  const rendered = render(dataRouter ? <RouterProvider router={dataRouter} /> : ui, {
    wrapper: Providers,
    ...options,
  });
  return { ...rendered, queryClient, router: dataRouter };
}
