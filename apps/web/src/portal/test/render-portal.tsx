import type { PortalMe, PortalStudio } from '@fitbase/domain/contracts/portal';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { http } from 'msw';
import { mockApi } from '@/test/mock-api';
import { createPortalQueryClient } from '../api/portal-query-client';
import { PortalApp } from '../portal-app';

export const studio: PortalStudio = {
  name: 'Studio Zen',
  slug: 'zen',
  logoUrl: null,
  timeZone: 'Europe/Berlin',
  currency: 'USD',
  locale: 'en-US',
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

type Answer = { status?: number; body?: unknown } | ((init: SentInit) => Response);
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

/** The file's network (test/mock-api.ts): every portal test file importing this helper gets it. */
const api = mockApi();

/** What the portal's fetch was given, as the server received it. */
interface SentInit {
  method: string;
  body: string | undefined;
  credentials: RequestCredentials;
  headers: Headers;
}
/** A request as the portal's fetch sent it: its same-origin address and its init. */
type SentCall = [string, SentInit];

/**
 * Answers the portal's requests from a table keyed 'METHOD /api/m/zen/path?query' (through
 * MSW, like every component test's network); a request nobody answers gets a 500 the test can
 * see. `mock.calls` lists what was sent, in order.
 */
export function stubFetch(routes: Routes) {
  const calls: SentCall[] = [];
  api.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const address = `${url.pathname}${url.search}`;
      const body = request.method === 'GET' ? undefined : await request.text();
      const init: SentInit = {
        method: request.method,
        body: body || undefined,
        credentials: request.credentials,
        headers: request.headers,
      };
      calls.push([address, init]);
      const answer = routes[`${request.method} ${address}`];
      if (!answer)
        return apiError(500, 'internal_error', `No stub for ${request.method} ${address}`);
      if (typeof answer === 'function') return answer(init);
      return json(answer.body ?? null, answer.status ?? 200);
    }),
  );
  return { mock: { calls } };
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
