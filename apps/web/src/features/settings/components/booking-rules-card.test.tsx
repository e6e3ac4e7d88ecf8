import type { Me } from '@fitbase/domain/contracts/organizations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meKey } from '@/lib/query-keys';
import { BookingRulesCard } from './booking-rules-card';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const SETTINGS = {
  lateCancelHours: 12,
  waitlistCutoffHours: 2,
  bookingClosesMinutes: 0,
  autoNoShow: true,
  noShowAfterMinutes: 30,
  lateCancelPenalty: { kind: 'none' },
  noShowPenalty: { kind: 'none' },
};

function me(role: 'owner' | 'trainer'): Me {
  return {
    user: { id: 'u1', email: 'a@example.com', fullName: null },
    platformRole: 'user',
    currentOrganizationId: 'org-1',
    organizations: [
      {
        id: 'org-1',
        name: 'Studio',
        slug: 'studio',
        description: null,
        logoUrl: null,
        primaryColor: null,
        secondaryColor: null,
        domain: null,
        subscriptionStatus: 'active',
        subscriptionTier: 'pro',
        subscriptionEndsAt: null,
        trialEndsAt: null,
        maxMembers: null,
        timezone: 'UTC',
        createdAt: '2025-01-01T00:00:00.000Z',
        role,
        joinedAt: '2025-01-01T00:00:00.000Z',
      },
    ],
  };
}

let puts: unknown[];

beforeEach(() => {
  puts = [];
  // Radix Switch measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      if (request.method === 'PUT') {
        const body = (await request.json()) as typeof SETTINGS;
        puts.push(body);
        return Response.json(body);
      }
      return Response.json(SETTINGS);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(role: 'owner' | 'trainer') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meKey, me(role));
  render(
    <QueryClientProvider client={queryClient}>
      <BookingRulesCard />
    </QueryClientProvider>,
  );
}

describe('BookingRulesCard', () => {
  it('saves the booking rules for an owner, with penalties shown as None', async () => {
    renderForm('owner');
    const late = await screen.findByLabelText('Late-cancel window (hours)');
    expect((late as HTMLInputElement).value).toBe('12');
    expect(screen.getAllByText('None')).toHaveLength(2);
    fireEvent.change(late, { target: { value: '24' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Mark no-shows automatically' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save booking rules' }));
    });
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ ...SETTINGS, lateCancelHours: 24, autoNoShow: false });
  });

  it('explains a value out of range inline and sends nothing', async () => {
    renderForm('owner');
    const cutoff = await screen.findByLabelText('Waitlist promotion cut-off (hours)');
    fireEvent.change(cutoff, { target: { value: '1.5' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save booking rules' }));
    });
    screen.getByText('Waitlist cut-off must be a whole number of hours');
    expect(puts).toHaveLength(0);
  });

  it('is read-only for roles that may not change the rules', async () => {
    renderForm('trainer');
    const late = await screen.findByLabelText('Late-cancel window (hours)');
    expect(late.hasAttribute('readonly')).toBe(true);
    expect(screen.getByRole('switch', { name: 'Mark no-shows automatically' })).toHaveProperty(
      'disabled',
      true,
    );
    screen.getByText('Only owners and admins can change the booking rules.');
    expect(screen.queryByRole('button', { name: 'Save booking rules' })).toBeNull();
  });
});
