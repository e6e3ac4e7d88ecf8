import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionAccessibleName } from '../lib/week-layout';
import { SessionBlock } from './session-block';

// The studio's locale (ADR 0038), switched per test; the signed-in layout provides it in the app.
const studio = vi.hoisted(() => ({ locale: 'en-US' }));
vi.mock('@/hooks/use-studio-format', () => ({
  useStudioFormat: () => ({ currency: 'USD', locale: studio.locale, timeZone: 'UTC' }),
}));

afterEach(() => {
  cleanup();
  studio.locale = 'en-US';
});

// Intl puts thin or narrow no-break spaces around the range dash and before AM/PM, by ICU version.
const plain = (text: string) => text.replace(/\s/g, ' ');
const named = (name: string) => (accessibleName: string) => plain(accessibleName) === name;

const yoga: SessionSummary = {
  id: 's1',
  kind: 'class',
  classId: 'c1',
  serviceId: null,
  name: 'Morning Yoga',
  startsAt: '2025-06-02T07:00:00.000Z',
  endsAt: '2025-06-02T08:00:00.000Z',
  capacity: 12,
  bookedCount: 11,
  waitlistCount: 0,
  color: '#3b82f6',
  status: 'scheduled',
  detached: false,
  trainer: { userId: 'u1', name: 'Alex Kim' },
  facility: { id: 'f1', name: 'Studio A' },
};

describe('SessionBlock', () => {
  it('is a button named by its own text, with the capacity colour and numbers', () => {
    const onOpen = vi.fn();
    render(<SessionBlock session={yoga} timeZone="UTC" color="#3b82f6" onOpen={onOpen} detailed />);
    const button = screen.getByRole('button', {
      name: named('Morning Yoga, Mon 7:00 – 8:00 AM, 11 of 12 booked, with Alex Kim'),
    });
    // Named by its content (no aria-label), so what is shown and what is read stay together.
    expect(button.getAttribute('aria-label')).toBeNull();
    expect(plain(sessionAccessibleName(yoga, 'UTC', 'en-US'))).toBe(
      'Morning Yoga, Mon 7:00 – 8:00 AM, 11 of 12 booked, with Alex Kim',
    );
    expect(plain(button.querySelector('.tabular-nums')?.textContent ?? '')).toBe('7:00 – 8:00 AM');
    const badge = button.querySelector('[data-level]');
    expect(badge?.getAttribute('data-level')).toBe('red');
    expect(badge?.textContent).toBe('11/12· Almost full');
    fireEvent.click(button);
    expect(onOpen).toHaveBeenCalledWith(yoga);
  });

  it('strikes a cancelled session through and says so', () => {
    render(
      <SessionBlock
        session={{ ...yoga, status: 'cancelled', kind: 'appointment' }}
        timeZone="Europe/Berlin"
        color="#000000"
        onOpen={vi.fn()}
      />,
    );
    const button = screen.getByRole('button', {
      name: named('Morning Yoga, Mon 9:00 – 10:00 AM, with Alex Kim, Appointment, Cancelled'),
    });
    expect(button.querySelector('.line-through')?.textContent).toBe('Morning Yoga');
    expect(button.querySelector('[data-level]')).toBeNull();
  });

  it("writes its times on the 24-hour clock for a de-DE studio, in the studio's zone", () => {
    studio.locale = 'de-DE';
    render(<SessionBlock session={yoga} timeZone="Europe/Berlin" color="#000" onOpen={vi.fn()} />);
    const button = screen.getByRole('button', {
      name: named('Morning Yoga, Mon 09:00–10:00 Uhr, 11 of 12 booked, with Alex Kim'),
    });
    expect(plain(button.querySelector('.tabular-nums')?.textContent ?? '')).toBe('09:00–10:00 Uhr');
  });
});
