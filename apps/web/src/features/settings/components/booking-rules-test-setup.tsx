import type { OrganizationRole } from '@fitbase/domain/constants';
import { cleanup } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { studioMe } from '@/test/studio-me';
import { BookingRulesCard } from './booking-rules-card';

/**
 * The booking rules card against a fake of its one endpoint (GET and PUT of the rules): each
 * PUT body is kept in the returned list. Shared by the card's and the penalty field's tests.
 */
export function stubBookingRulesApi(settings: Record<string, unknown>): unknown[] {
  const puts: unknown[] = [];
  mockApi(
    http.get('/api/schedule/settings', () => Response.json(settings)),
    http.put('/api/schedule/settings', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      puts.push(body);
      return Response.json(body);
    }),
  );
  beforeEach(() => {
    puts.length = 0;
  });
  afterEach(() => {
    cleanup();
  });
  return puts;
}

export function renderBookingRules(role: OrganizationRole = 'owner') {
  renderWithProviders(<BookingRulesCard />, { me: studioMe(role) });
}
