import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type DataRouter, RouterProvider } from 'react-router';
import { PortalToaster } from './components/portal-toast';

export function PortalApp({
  router,
  queryClient,
}: {
  router: DataRouter;
  queryClient: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <PortalToaster />
    </QueryClientProvider>
  );
}
