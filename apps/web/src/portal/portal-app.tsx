import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PortalToaster } from './components/portal-toast';
import { PortalRoutes } from './portal-routes';

/** The portal's providers and pages, inside the router the caller gives (`router`). */
export function PortalApp({
  router: Router,
  queryClient,
}: {
  /** BrowserRouter in the page, MemoryRouter in tests. */
  router: (props: { children: ReactNode }) => ReactNode;
  queryClient: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <Router>
        <PortalRoutes />
      </Router>
      <PortalToaster />
    </QueryClientProvider>
  );
}
