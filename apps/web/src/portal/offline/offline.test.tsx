import type { PortalBooking } from '@fitbase/domain/contracts/portal';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { me, renderPortal, stubFetch } from '../test/render-portal';
import { CACHED_AT_HEADER, keptAnswerSlug, sessionChangeSlug } from './offline-cache';

// docs/product/member-portal.md#installable-and-offline

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const yoga: PortalBooking = {
  id: 'b-yoga',
  sessionId: 's-yoga',
  sessionName: 'Yoga',
  startsAt: '2099-12-08T17:00:00Z',
  endsAt: '2099-12-08T18:00:00Z',
  trainerName: 'Grace',
  room: 'Studio 1',
  status: 'booked',
  waitlistPosition: null,
  checkedInAt: null,
};

/** An answer as the service worker gives it from its copy. */
const keptCopy = (body: unknown, cachedAt: string) => () =>
  new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json', [CACHED_AT_HEADER]: cachedAt },
  });

describe('what the service worker keeps', () => {
  it('keeps the studio, the member and their bookings, profile and check-in code, nothing else', () => {
    expect(keptAnswerSlug('/api/m/zen')).toBe('zen');
    expect(keptAnswerSlug('/api/m/zen/me')).toBe('zen');
    expect(keptAnswerSlug('/api/m/zen/bookings')).toBe('zen');
    expect(keptAnswerSlug('/api/m/zen/profile')).toBe('zen');
    expect(keptAnswerSlug('/api/m/zen/check-in-code')).toBe('zen');
    for (const path of [
      '/api/m/zen/schedule',
      '/api/m/zen/cards',
      '/api/m/zen/bookings/b-1/cancel-terms',
      '/api/m/zen/check-in-code/rotate',
      '/api/members',
      '/api/m/',
    ])
      expect(keptAnswerSlug(path), path).toBeNull();
  });

  it('forgets a studio’s copies on signing in and out', () => {
    expect(sessionChangeSlug('/api/m/zen/sign-in')).toBe('zen');
    expect(sessionChangeSlug('/api/m/zen/sign-out')).toBe('zen');
    expect(sessionChangeSlug('/api/m/zen/sign-out-everywhere')).toBe('zen');
    expect(sessionChangeSlug('/api/m/zen/send-code')).toBeNull();
  });
});

describe('the bookings page offline', () => {
  it('shows the kept bookings as of their time, with cancelling disabled and why', async () => {
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/bookings': keptCopy({ upcoming: [yoga], past: [] }, '2099-12-01T09:30:00Z'),
    });
    renderPortal('/m/zen/bookings');
    const note = await screen.findByText(/^You are offline/);
    expect(note.textContent).toMatch(
      /^You are offline\. Showing your bookings as of \w{3}, Dec 1, \d{1,2}:30\s[AP]M\. Booking and cancelling need a connection\.$/,
    );
    const cancel = screen.getByRole('button', { name: 'Cancel booking' });
    expect((cancel as HTMLButtonElement).disabled).toBe(true);
    expect(cancel.getAttribute('aria-describedby')).toContain(note.id);
  });

  it('says nothing of the kind when the answer is the server’s', async () => {
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/bookings': { body: { upcoming: [yoga], past: [] } },
    });
    renderPortal('/m/zen/bookings');
    const cancel = await screen.findByRole('button', { name: 'Cancel booking' });
    expect((cancel as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });
});
