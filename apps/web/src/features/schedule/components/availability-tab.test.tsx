import type { Availability } from '@fitbase/domain/contracts/appointments';
import type { OrganizationRole } from '@fitbase/domain/constants';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { AvailabilityTab } from './availability-tab';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

// A trainer a test gives no hours is not found (the page asks for the signed-in person's first).
const api = mockApi(
  http.get('/api/trainers/:userId/availability', () =>
    json({ error: { code: 'not_found', message: 'No route' } }, 404),
  ),
);
const requests = api.requests;

function json(body: unknown, status = 200) {
  return Response.json(body, { status });
}

const TRAINERS = {
  trainers: [
    { userId: 'u-owner', name: 'Olive Owner', role: 'owner', color: '#3b82f6' },
    { userId: 'u-tom', name: 'Tom Trainer', role: 'trainer', color: '#10b981' },
  ],
};

const TOM: Availability = {
  slots: [
    { id: 'a2', weekday: 3, startTime: '13:00', endTime: '17:00' },
    { id: 'a1', weekday: 1, startTime: '09:00', endTime: '12:00' },
    { id: 'a3', weekday: 1, startTime: '14:00', endTime: '18:00' },
  ],
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderTab(role: OrganizationRole, userId: string) {
  return renderWithProviders(<AvailabilityTab role={role} userId={userId} />);
}

const row = (n: number) => screen.getByRole('group', { name: `Time ${n}` });

describe('AvailabilityTab', () => {
  it('shows the weekly hours by weekday and saves added and removed rows as the whole set', async () => {
    let stored = TOM;
    api.answer({
      'GET /api/trainers': () => json(TRAINERS),
      'GET /api/trainers/u-tom/availability': () => json(stored),
      'PUT /api/trainers/u-tom/availability': async (request) => {
        const body = (await request.json()) as { slots: Availability['slots'] };
        stored = { slots: body.slots.map((s, i) => ({ ...s, id: `n${i}` })) };
        return json(stored);
      },
    });
    renderTab('owner', 'u-owner');
    // An owner starts on the first trainer and may pick anyone.
    await screen.findByRole('heading', { name: 'Weekly availability of Tom Trainer' });
    expect((screen.getByLabelText('Trainer') as HTMLSelectElement).value).toBe('u-tom');
    // In the studio's writing (the test studio is en-US); Intl's spaces normalized.
    const hours = screen
      .getAllByRole('definition')
      .map((dd) => dd.textContent?.replace(/\s+/g, ' '));
    expect(hours).toEqual(['9:00 AM – 12:00 PM, 2:00 – 6:00 PM', '1:00 – 5:00 PM']);
    expect(screen.getAllByRole('term').map((dt) => dt.textContent)).toEqual([
      'Monday',
      'Wednesday',
    ]);

    // Rows in weekday then time order; a new row takes the day after the last one.
    expect(within(row(1)).getByLabelText<HTMLSelectElement>('Weekday').value).toBe('1');
    expect(within(row(3)).getByLabelText<HTMLSelectElement>('Weekday').value).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Add time' }));
    expect(within(row(4)).getByLabelText<HTMLSelectElement>('Weekday').value).toBe('4');
    fireEvent.change(within(row(4)).getByLabelText('End time'), { target: { value: '11:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove time 2' }));
    expect(screen.queryByRole('group', { name: 'Time 4' })).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Availability' }));
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      slots: [
        { weekday: 1, startTime: '09:00', endTime: '12:00' },
        { weekday: 3, startTime: '13:00', endTime: '17:00' },
        { weekday: 4, startTime: '09:00', endTime: '11:00' },
      ],
    });
    // The saved set is shown by weekday.
    await waitFor(() =>
      expect(screen.getAllByRole('term').map((dt) => dt.textContent)).toEqual([
        'Monday',
        'Wednesday',
        'Thursday',
      ]),
    );
  });

  it('checks rows before saving and puts the server field errors on their row', async () => {
    api.answer({
      'GET /api/trainers': () => json(TRAINERS),
      'GET /api/trainers/u-tom/availability': () => json({ slots: [] }),
      'PUT /api/trainers/u-tom/availability': () =>
        json(
          {
            error: {
              code: 'validation_error',
              message: 'Invalid availability',
              fields: { 'slots.1.startTime': 'Tom Trainer teaches then' },
            },
          },
          400,
        ),
    });
    renderTab('trainer', 'u-tom');
    await screen.findByText(
      'No availability set: appointments cannot be booked with this trainer yet.',
    );
    // A trainer edits only their own: no trainer picker.
    expect(screen.queryByLabelText('Trainer')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add time' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add time' }));
    fireEvent.change(within(row(2)).getByLabelText('Weekday'), { target: { value: '1' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Availability' }));
    });
    await within(row(2)).findByText(/^Overlaps another Monday slot/);
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    fireEvent.change(within(row(2)).getByLabelText('Weekday'), { target: { value: '2' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Availability' }));
    });
    await within(row(2)).findByText('Tom Trainer teaches then');
    expect(within(row(2)).getByLabelText('Start time').getAttribute('aria-invalid')).toBe('true');
  });

  it('is read-only for staff, who may look at any trainer', async () => {
    api.answer({
      'GET /api/trainers': () => json(TRAINERS),
      'GET /api/trainers/u-tom/availability': () => json(TOM),
      'GET /api/trainers/u-owner/availability': () => json({ slots: [] }),
    });
    renderTab('staff', 'u-desk');
    const terms = await screen.findAllByRole('term');
    expect(terms.map((dt) => dt.textContent)).toEqual(['Monday', 'Wednesday']);
    expect(screen.queryByRole('button', { name: 'Add time' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Availability' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Time 1' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Trainer'), { target: { value: 'u-owner' } });
    await screen.findByText(
      'No availability set: appointments cannot be booked with this trainer yet.',
    );
    expect(screen.queryByRole('button', { name: 'Add time' })).toBeNull();
  });
});
