import type { Me } from '@fitbase/domain/contracts/organizations';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SidebarProvider } from '@/components/ui/sidebar';
import { meQueryOptions } from '@/lib/session';
import { renderWithProviders } from '@/test/render';
import { AppSidebar } from './app-sidebar';

afterEach(cleanup);

function renderAs(role: 'owner' | 'admin' | 'trainer' | 'staff', logoUrl: string | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const me = {
    user: { id: 'u1', email: 'a@example.com', fullName: 'A' },
    platformRole: 'user',
    organizations: [{ id: 'org-1', name: 'Gym', role, logoUrl }],
    currentOrganizationId: 'org-1',
  } as unknown as Me;
  client.setQueryData(meQueryOptions.queryKey, me);
  renderWithProviders(
    <SidebarProvider>
      <AppSidebar />
    </SidebarProvider>,
    { queryClient: client, router: { initialEntries: ['/members'] } },
  );
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

describe('AppSidebar', () => {
  it('hides Reports, Analytics and Member Reports from trainers and staff', () => {
    for (const role of ['trainer', 'staff'] as const) {
      const nav = renderAs(role);
      expect(nav.queryByRole('link', { name: 'Reports' })).toBeNull();
      expect(nav.queryByRole('button', { name: 'Analytics' })).toBeNull();
      expect(nav.queryByRole('link', { name: 'Member Reports' })).toBeNull();
      expect(nav.getByRole('link', { name: 'All Members' })).toBeTruthy();
      cleanup();
    }
  });

  it('shows them to owners and admins', () => {
    for (const role of ['owner', 'admin'] as const) {
      const nav = renderAs(role);
      expect(nav.getByRole('link', { name: 'Reports' })).toBeTruthy();
      expect(nav.getByRole('button', { name: 'Analytics' })).toBeTruthy();
      expect(nav.getByRole('link', { name: 'Member Reports' })).toBeTruthy();
      cleanup();
    }
  });

  it("shows the studio's logo beside its name, else the FitBase mark", () => {
    renderAs('staff', '/api/logos/abc123');
    expect(screen.getByTestId('studio-logo').getAttribute('src')).toBe('/api/logos/abc123');
    cleanup();
    renderAs('staff');
    expect(screen.queryByTestId('studio-logo')).toBeNull();
  });
});
