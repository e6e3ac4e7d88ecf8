import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import { StudioFormatProvider } from '@/hooks/use-studio-format';
import { useRealtime } from '@/lib/realtime';
import { AppSidebar } from './app-sidebar';
import { StudioBranding } from './studio-branding';
import { TopBar } from './top-bar';

/**
 * The signed-in layout (docs/product/layout.md): side navigation, top bar, and the current page:
 * the matched child route, or `children` where `/` mounts the studio home itself.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  useRealtime();
  return (
    <StudioFormatProvider>
      <SidebarProvider>
        {/* Keyboard users skip the long navigation straight to the page. */}
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm shadow focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
        >
          Skip to main content
        </a>
        <StudioBranding />
        <AppSidebar />
        <SidebarInset>
          <TopBar />
          <main id="main-content" tabIndex={-1} className="flex-1 p-4 outline-none md:p-6">
            {children ?? <Outlet />}
          </main>
        </SidebarInset>
      </SidebarProvider>
    </StudioFormatProvider>
  );
}
