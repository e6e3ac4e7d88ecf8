import type { Service } from '@fitbase/domain/contracts/services';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StudioFormatProvider } from '@/hooks/use-studio-format';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { studioMe } from '@/test/studio-me';
import { BookAppointmentDialog } from './book-appointment-dialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const SERVICE_ID = '11111111-1111-4111-8111-111111111111';
const MEMBER_ID = '22222222-2222-4222-8222-222222222222';

type Handler = (request: Request) => Promise<Response> | Response;
const api = mockApi();
const requests = api.requests;

function json(body: unknown, status = 200) {
  return Response.json(body, { status });
}

function service(extra: Partial<Service>): Service {
  return {
    id: SERVICE_ID,
    name: 'Personal Training',
    description: null,
    price: '50.00',
    durationMinutes: 60,
    isActive: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...extra,
  };
}

const baseRoutes = (): Record<string, Handler> => ({
  'GET /api/trainers': () =>
    json({
      trainers: [
        { userId: 'u-owner', name: 'Olive Owner', role: 'owner', color: '#3b82f6' },
        { userId: 'u-tom', name: 'Tom Trainer', role: 'trainer', color: '#10b981' },
      ],
    }),
  'GET /api/services': () =>
    json({
      services: [
        service({}),
        service({ id: 'no-duration', name: 'Towel', durationMinutes: null }),
        service({ id: 'inactive', name: 'Old Massage', isActive: false }),
      ],
    }),
  'GET /api/members': () =>
    json({
      items: [
        {
          id: MEMBER_ID,
          firstName: 'Zoe',
          lastName: 'Doe',
          email: 'zoe@example.com',
          membershipStatus: 'active',
        },
      ],
      nextCursor: null,
    }),
});

beforeEach(() => {
  // Radix Select needs these browser APIs, which jsdom lacks.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.scrollIntoView ??= () => undefined;
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

// Free times are written in the studio's locale (ADR 0038); Intl's spaces around the range dash
// and before AM/PM differ between ICU versions, so options are matched with them as plain spaces.
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

function renderDialog(locale = 'en-US') {
  const onOpenChange = vi.fn();
  renderWithProviders(
    <StudioFormatProvider>
      <BookAppointmentDialog timeZone="America/New_York" open onOpenChange={onOpenChange} />
    </StudioFormatProvider>,
    { me: studioMe('owner', 'owner@example.com', { timeZone: 'America/New_York', locale }) },
  );
  return { dialog: screen.getByRole('dialog', { name: 'Book Appointment' }), onOpenChange };
}

async function pick(scope: HTMLElement, label: string, option: string) {
  const picker = within(scope).getByRole('combobox', { name: label });
  await waitFor(() => expect(picker.hasAttribute('data-disabled')).toBe(false));
  fireEvent.keyDown(picker, { key: 'Enter' });
  fireEvent.keyDown(await screen.findByRole('option', { name: (name) => plain(name) === option }), {
    key: 'Enter',
  });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

/** The options of a picker, once `loaded` (an option from the server) is among them. */
async function optionsOf(scope: HTMLElement, label: string, loaded: string) {
  const picker = within(scope).getByRole('combobox', { name: label });
  // The time picker opens once the free times have loaded.
  await waitFor(() => expect(picker.hasAttribute('data-disabled')).toBe(false));
  fireEvent.keyDown(picker, { key: 'Enter' });
  await screen.findByRole('option', { name: (name) => plain(name) === loaded });
  const texts = (await screen.findAllByRole('option')).map((o) => plain(o.textContent));
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  return texts;
}

describe('BookAppointmentDialog', () => {
  it('offers trainers first and services with a duration, shows free times in the studio time zone, and shows a clash from the server', async () => {
    let attempts = 0;
    api.answer({
      ...baseRoutes(),
      'GET /api/appointments/slots': () =>
        json({
          slots: [
            // 14:00 and 15:30 UTC in June are 10:00 and 11:30 in New York (EDT).
            { startsAt: '2030-06-03T14:00:00.000Z', endsAt: '2030-06-03T15:00:00.000Z' },
            { startsAt: '2030-06-03T15:30:00.000Z', endsAt: '2030-06-03T16:30:00.000Z' },
          ],
        }),
      'POST /api/appointments': () => {
        attempts += 1;
        return attempts === 1
          ? json(
              {
                error: {
                  code: 'schedule_clash',
                  message: 'Tom Trainer already teaches Spin at 10:00.',
                },
              },
              409,
            )
          : json(
              {
                id: 's-new',
                kind: 'appointment',
                classId: null,
                serviceId: SERVICE_ID,
                name: 'Personal Training',
                startsAt: '2030-06-03T15:30:00.000Z',
                endsAt: '2030-06-03T16:30:00.000Z',
                capacity: 1,
                bookedCount: 1,
                waitlistCount: 0,
                color: '#10b981',
                status: 'scheduled',
                detached: false,
                trainer: { userId: 'u-tom', name: 'Tom Trainer' },
                facility: null,
              },
              201,
            );
      },
    });
    const { dialog, onOpenChange } = renderDialog();
    expect(await optionsOf(dialog, 'Trainer*', 'Olive Owner')).toEqual([
      'Choose a trainer',
      'Tom Trainer',
      'Olive Owner',
    ]);
    expect(await optionsOf(dialog, 'Service*', 'Personal Training (60 min)')).toEqual([
      'Choose a service',
      'Personal Training (60 min)',
    ]);
    within(dialog).getByText('Choose a trainer, a service and a date first.');

    await pick(dialog, 'Trainer*', 'Tom Trainer');
    await pick(dialog, 'Service*', 'Personal Training (60 min)');
    expect(await optionsOf(dialog, 'Time*', '10:00 – 11:00 AM')).toEqual([
      'Choose a time',
      '10:00 – 11:00 AM',
      '11:30 AM – 12:30 PM',
    ]);
    await pick(dialog, 'Time*', '11:30 AM – 12:30 PM');
    const slotsCall = requests.find((r) => r.path === '/api/appointments/slots');
    const query = new URLSearchParams(slotsCall?.query);
    expect(query.get('trainerUserId')).toBe('u-tom');
    expect(query.get('serviceId')).toBe(SERVICE_ID);
    expect(query.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    fireEvent.change(within(dialog).getByLabelText('Search members'), { target: { value: 'zo' } });
    await pick(dialog, 'Member*', 'Zoe Doe · zoe@example.com');

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Book Appointment' }));
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Tom Trainer already teaches Spin at 10:00.',
    );
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      trainerUserId: 'u-tom',
      serviceId: SERVICE_ID,
      memberId: MEMBER_ID,
      startsAt: '2030-06-03T15:30:00.000Z',
    });

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Book Appointment' }));
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Appointment booked', {
        description: expect.stringContaining('Zoe Doe') as string,
      }),
    );
    expect(plain(String(vi.mocked(toast.success).mock.calls[0]![1]?.description))).toContain(
      '11:30 AM – 12:30 PM',
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says so honestly when the trainer has no free time that day', async () => {
    api.answer({ ...baseRoutes(), 'GET /api/appointments/slots': () => json({ slots: [] }) });
    const { dialog } = renderDialog();
    await pick(dialog, 'Trainer*', 'Olive Owner');
    await pick(dialog, 'Service*', 'Personal Training (60 min)');
    await within(dialog).findByText('No free times on this day');
    expect(
      within(dialog).getByRole('combobox', { name: 'Time*' }).hasAttribute('data-disabled'),
    ).toBe(true);
  });

  it('writes free times on the 24-hour clock for a de-DE studio', async () => {
    api.answer({
      ...baseRoutes(),
      'GET /api/appointments/slots': () =>
        json({
          slots: [{ startsAt: '2030-06-03T14:00:00.000Z', endsAt: '2030-06-03T15:00:00.000Z' }],
        }),
    });
    const { dialog } = renderDialog('de-DE');
    await pick(dialog, 'Trainer*', 'Tom Trainer');
    await pick(dialog, 'Service*', 'Personal Training (60 min)');
    expect(await optionsOf(dialog, 'Time*', '10:00–11:00 Uhr')).toContain('10:00–11:00 Uhr');
  });
});
