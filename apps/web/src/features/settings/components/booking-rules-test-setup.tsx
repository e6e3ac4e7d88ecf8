import type { OrganizationRole } from '@fitbase/domain/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { meKey } from '@/lib/query-keys';
import { studioMe } from '@/test/studio-me';
import { BookingRulesCard } from './booking-rules-card';

/**
 * The booking rules card against a fake of its one endpoint (GET and PUT of the rules): each
 * PUT body is kept in the returned list. Shared by the card's and the penalty field's tests.
 */
export function stubBookingRulesApi(settings: Record<string, unknown>): unknown[] {
  const puts: unknown[] = [];
  beforeEach(() => {
    puts.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        if (request.method === 'PUT') {
          const body = (await request.json()) as Record<string, unknown>;
          puts.push(body);
          return Response.json(body);
        }
        return Response.json(settings);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return puts;
}

export function renderBookingRules(role: OrganizationRole = 'owner') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meKey, studioMe(role));
  render(
    <QueryClientProvider client={queryClient}>
      <BookingRulesCard />
    </QueryClientProvider>,
  );
}
