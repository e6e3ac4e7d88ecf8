import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderBookingRules, stubBookingRulesApi } from './booking-rules-test-setup';

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

const puts = stubBookingRulesApi(SETTINGS);
const renderForm = renderBookingRules;

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
