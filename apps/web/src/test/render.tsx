import type { Me } from '@fitbase/domain/contracts/organizations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { meKey } from '@/lib/query-keys';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** The signed-in person, as /api/me would answer (test/studio-me.ts); none unless given. */
  me?: Me;
  /** Inside a MemoryRouter (true: at '/'; or its initial entries); none unless asked. */
  router?: boolean | { initialEntries: string[] };
  /** A client of the test's own (to spy on it); otherwise a fresh one that does not retry. */
  queryClient?: QueryClient;
}

/**
 * A component test's render inside the app's providers: a QueryClient (queries do not retry, so
 * a refused request shows at once), optionally the signed-in person and a router. Returns
 * render's result and the client.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    me,
    router = false,
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    ...options
  }: RenderWithProvidersOptions = {},
) {
  if (me) queryClient.setQueryData(meKey, me);
  const initialEntries = typeof router === 'object' ? router.initialEntries : undefined;
  function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        {router ? (
          <MemoryRouter initialEntries={initialEntries}>{children}</MemoryRouter>
        ) : (
          children
        )}
      </QueryClientProvider>
    );
  }
  return { ...render(ui, { wrapper: Providers, ...options }), queryClient };
}
