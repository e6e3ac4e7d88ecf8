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
  lateCancelPenalty: { kind: 'fee', amount: '10.00' },
  noShowPenalty: { kind: 'none' },
};

const puts = stubBookingRulesApi(SETTINGS);

async function renderForm() {
  renderBookingRules('owner');
  return (await screen.findByLabelText('Late-cancel penalty')) as HTMLSelectElement;
}

const save = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save booking rules' }));
  });

describe('PenaltyField', () => {
  it('shows the stored fee and offers None, Keep the credit and Charge a fee', async () => {
    const late = await renderForm();
    expect(late.value).toBe('fee');
    expect([...late.options].map((o) => o.text)).toEqual([
      'None',
      'Keep the credit',
      'Charge a fee',
    ]);
    const fee = screen.getByLabelText('Late-cancel penalty fee ($)') as HTMLInputElement;
    expect(fee.value).toBe('10.00');
    // No fee field where there is no fee.
    expect(screen.queryByLabelText('No-show penalty fee ($)')).toBeNull();
  });

  it('refuses a fee with no amount or three decimals inline and sends nothing', async () => {
    await renderForm();
    const fee = screen.getByLabelText('Late-cancel penalty fee ($)');
    fireEvent.change(fee, { target: { value: '' } });
    await save();
    await screen.findByText('Penalty fee must be an amount such as 25.00');
    fireEvent.change(fee, { target: { value: '7.999' } });
    await save();
    await screen.findByText('USD amounts have at most 2 decimals');
    fireEvent.change(fee, { target: { value: '-5' } });
    await save();
    await screen.findByText('Penalty fee cannot be negative');
    expect(puts).toHaveLength(0);
  });

  it('saves a new fee, keeping the credit on a no-show, and None drops the amount', async () => {
    await renderForm();
    fireEvent.change(screen.getByLabelText('Late-cancel penalty fee ($)'), {
      target: { value: '15.5' },
    });
    fireEvent.change(screen.getByLabelText('No-show penalty'), { target: { value: 'credit' } });
    await save();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      lateCancelPenalty: { kind: 'fee', amount: '15.50' },
      noShowPenalty: { kind: 'credit' },
    });

    // Re-read: a save may start the form again from the stored rules.
    fireEvent.change(screen.getByLabelText('Late-cancel penalty'), { target: { value: 'none' } });
    expect(screen.queryByLabelText('Late-cancel penalty fee ($)')).toBeNull();
    await save();
    await waitFor(() => expect(puts).toHaveLength(2));
    expect((puts[1] as typeof SETTINGS).lateCancelPenalty).toEqual({ kind: 'none' });
  });
});
