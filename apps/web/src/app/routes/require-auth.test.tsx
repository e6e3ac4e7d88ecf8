import type { Me } from '@fitbase/domain/contracts/organizations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { meKey } from '@/lib/query-keys';
import { signedInLandingPath } from '@/lib/signed-in-landing';
import { studioMe } from '@/test/studio-me';
import { RequireAppAuth } from './require-auth';

afterEach(() => {
  cleanup();
});

/** A person with no studio of their own, with this platform role. */
const withoutStudio = (platformRole: Me['platformRole']): Me => ({
  ...studioMe(),
  platformRole,
  currentOrganizationId: null,
  organizations: [],
});

/** The guard around three screens, as router.tsx places it; returns where it ended up. */
async function open(path: string, me: Me | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meKey, me);
  const router = createMemoryRouter(
    [
      {
        Component: RequireAppAuth,
        children: [
          { path: '/owner-portal', element: <h1>Owner Portal</h1> },
          { path: '/dashboard', element: <h1>Dashboard</h1> },
          { path: '/members', element: <h1>Members</h1> },
        ],
      },
      { path: '/setup', element: <h1>Setup Your Gym</h1> },
      { path: '/auth', element: <h1>Welcome back</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
  return router.state.location.pathname;
}

describe('route guard without a studio', () => {
  it('lets a platform owner or admin open /owner-portal directly', async () => {
    for (const role of ['owner', 'admin'] as const) {
      expect(await open('/owner-portal', withoutStudio(role)), role).toBe('/owner-portal');
      screen.getByRole('heading', { name: 'Owner Portal' });
      cleanup();
    }
  });

  it('still sends them to /setup from a studio screen, and keeps /dashboard', async () => {
    expect(await open('/members', withoutStudio('owner'))).toBe('/setup');
    cleanup();
    expect(await open('/dashboard', withoutStudio('owner'))).toBe('/dashboard');
  });

  it('sends a signed-out visitor to /auth, from the owner portal too', async () => {
    expect(await open('/owner-portal', null)).toBe('/auth');
  });
});

describe('where sign-in lands', () => {
  it('is the dashboard with a studio, the owner portal for a platform owner or admin without one, else /setup', () => {
    expect(signedInLandingPath(studioMe())).toBe('/dashboard');
    expect(signedInLandingPath({ ...studioMe(), platformRole: 'owner' })).toBe('/dashboard');
    expect(signedInLandingPath(withoutStudio('owner'))).toBe('/owner-portal');
    expect(signedInLandingPath(withoutStudio('admin'))).toBe('/owner-portal');
    expect(signedInLandingPath(withoutStudio('user'))).toBe('/setup');
    expect(signedInLandingPath(null)).toBe('/setup');
  });
});
