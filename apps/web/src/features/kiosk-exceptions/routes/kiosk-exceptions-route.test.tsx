import type { KioskException } from '@fitbase/domain/contracts/kiosk';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { studioMe } from '@/test/studio-me';
import { KioskExceptionsRoute } from './kiosk-exceptions-route';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

// docs/product/kiosk.md#offline: check-ins a kiosk accepted offline that the server would have
// refused, for the front desk (every role).

const LAPSED: KioskException = {
  id: 'x-1',
  kioskName: 'Front door',
  memberId: 'm-1',
  memberName: 'Ada Lovelace',
  sessionName: 'Morning Flow',
  sessionStartsAt: '2026-05-04T11:00:00Z',
  checkedInAt: '2026-05-04T10:52:00Z',
  receivedAt: '2026-05-04T12:30:00Z',
  code: 'membership_not_active',
  message: 'Your membership is not active: please see the front desk.',
  resolvedAt: null,
};
const RESOLVED: KioskException = {
  ...LAPSED,
  id: 'x-2',
  memberId: 'm-2',
  memberName: 'Grace Hopper',
  sessionName: null,
  sessionStartsAt: null,
  resolvedAt: '2026-05-03T15:00:00Z',
};

let exceptions: KioskException[];
let requests: string[];

mockApi(
  http.get('/api/kiosk-exceptions', ({ request }) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    const all = url.searchParams.get('status') === 'all';
    return Response.json({
      exceptions: exceptions.filter((e) => all || e.resolvedAt === null),
    });
  }),
  http.post('/api/kiosk-exceptions/:id/resolve', ({ request, params }) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    exceptions = exceptions.map((e) =>
      e.id === params.id ? { ...e, resolvedAt: '2026-05-04T13:00:00Z' } : e,
    );
    return Response.json(exceptions.find((e) => e.id === params.id));
  }),
);

beforeEach(() => {
  exceptions = [];
  requests = [];
  vi.mocked(toast.success).mockClear();
});

afterEach(() => {
  cleanup();
});

function renderPage(role: 'owner' | 'staff' = 'staff') {
  renderWithProviders(<KioskExceptionsRoute />, {
    me: studioMe(role, 'desk@example.com', { timeZone: 'America/New_York' }),
    router: true,
  });
}

describe('Kiosk exceptions', () => {
  it('lists open exceptions in the studio time zone and marks one resolved', async () => {
    exceptions = [LAPSED, RESOLVED];
    renderPage('staff');
    expect(screen.getByRole('heading', { name: 'Kiosk exceptions', level: 1 })).toBeTruthy();
    const row = await screen.findByRole('row', { name: /Ada Lovelace/ });
    expect(screen.queryByRole('row', { name: /Grace Hopper/ })).toBeNull();
    const member = within(row).getByRole('link', { name: 'Ada Lovelace' });
    expect(member.getAttribute('href')).toBe('/member/m-1');
    expect(row.textContent).toContain('Front door');
    expect(row.textContent).toContain('Morning Flow');
    // New York: the class at 11:00 UTC starts at 7:00 AM; checked in 6:52 AM, received 8:30 AM.
    expect(row.textContent).toContain('May 4, 7:00 AM');
    expect(within(row).getByText('May 4, 2026, 6:52 AM').getAttribute('dateTime')).toBe(
      LAPSED.checkedInAt,
    );
    expect(within(row).getByText('May 4, 2026, 8:30 AM')).toBeTruthy();
    expect(row.textContent).toContain('Your membership is not active');
    // Managing kiosks is for owners and admins.
    expect(screen.queryByRole('link', { name: 'Manage kiosks' })).toBeNull();

    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: /^Mark resolved/ }));
    });
    await waitFor(() => expect(requests).toContain('POST /api/kiosk-exceptions/x-1/resolve'));
    expect(await screen.findByText('No kiosk exceptions')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('Marked resolved', expect.anything());

    // Resolved ones stay on record, without the button.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show resolved' }));
    const again = await screen.findByRole('row', { name: /Ada Lovelace/ });
    expect(again.textContent).toContain('Resolved May 4, 2026, 9:00 AM');
    expect(within(again).queryByRole('button')).toBeNull();
    expect(screen.getByRole('row', { name: /Grace Hopper/ }).textContent).toContain('No class');
    expect(requests).toContain('GET /api/kiosk-exceptions?status=all');
  });

  it('says so when there is no exception', async () => {
    renderPage('owner');
    expect(await screen.findByText('No kiosk exceptions')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('link', { name: 'Manage kiosks' }).getAttribute('href')).toBe(
      '/settings?tab=kiosks',
    );
    expect(requests).toEqual(['GET /api/kiosk-exceptions?status=open']);
  });
});
