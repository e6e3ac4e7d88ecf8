import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type DataRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { queryClient } from '@/lib/query-client';

/**
 * Everything around the router. The build-time render (entry-server.tsx) wraps its static
 * router in the same providers, so the pre-rendered HTML and the first browser render match.
 */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster richColors closeButton position="top-right" />
    </QueryClientProvider>
  );
}

export function App({ router }: { router: DataRouter }) {
  return (
    <AppShell>
      <RouterProvider router={router} />
    </AppShell>
  );
}
