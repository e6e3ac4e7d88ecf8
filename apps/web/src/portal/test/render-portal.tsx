import type { PortalMe, PortalStudio } from '@fitbase/domain/contracts/portal';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createPortalQueryClient } from '../api/portal-query-client';
import { PortalApp } from '../portal-app';

export const studio: PortalStudio = {
  name: 'Studio Zen',
  slug: 'zen',
  logoUrl: null,
  timeZone: 'Europe/Berlin',
  primaryColor: null,
  secondaryColor: null,
};

export const me: PortalMe = {
  memberId: 'mem-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  studio,
};

type Answer = { status?: number; body?: unknown } | ((init: RequestInit) => Response);
/** Answers by 'METHOD /api/m/zen/path?query'. */
export type Routes = Record<string, Answer>;

export function json(body: unknown, status = 200): Response {
  return status === 204
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
}

export function apiError(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status);
}

/** Stubs fetch with the given answers (a request nobody answers fails the test with a 500). */
export function stubFetch(routes: Routes) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${String(input)}`;
    const answer = routes[key];
    if (!answer) return apiError(500, 'internal_error', `No stub for ${key}`);
    if (typeof answer === 'function') return answer(init);
    return json(answer.body ?? null, answer.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * The portal at `path`, with its routes, providers and a client that does not retry.
 * `router.state.location` is where the portal is now (it follows every navigation).
 */
export function renderPortal(path: string) {
  const router = { state: { location: null as unknown as Location } };
  function LocationProbe() {
    router.state.location = useLocation();
    return null;
  }
  function TestRouter({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        {children}
      </MemoryRouter>
    );
  }
  const queryClient = createPortalQueryClient({ retry: false });
  return { ...render(<PortalApp router={TestRouter} queryClient={queryClient} />), router };
}
