import type { GeneralSettings } from '@fitbase/domain/contracts/settings';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { CURRENCY_LOCKED_REASON, GeneralProfileForm } from './general-profile-form';

// Issue 33 point 1 (ADR 0038): the currency is chosen until the first sale, then shown disabled
// with the reason; the locale stays free.

const api = mockApi();
afterEach(cleanup);

const settings = (overrides: Partial<GeneralSettings> = {}): GeneralSettings => ({
  name: 'Berlin Gym',
  slug: 'berlin-gym',
  description: null,
  timezone: 'Europe/Berlin',
  currency: 'EUR',
  locale: 'de-DE',
  currencyLocked: false,
  contactEmail: null,
  contactPhone: null,
  postalAddress: null,
  primaryColor: null,
  secondaryColor: null,
  legalName: null,
  taxId: null,
  emailReceipts: true,
  logoUrl: null,
  billingRetryDays: [1, 3, 7],
  ...overrides,
});

describe('Settings → General: currency and locale', () => {
  it('offers the currency before the first sale and sends the choice', async () => {
    api.answer({
      'PATCH /api/settings/general': async (request) =>
        HttpResponse.json(settings(await request.json())),
    });
    renderWithProviders(<GeneralProfileForm settings={settings()} canEdit />);
    const currency = screen.getByLabelText('Currency') as HTMLSelectElement;
    expect(currency.disabled).toBe(false);
    expect(currency.value).toBe('EUR');
    // Every currency of up to three decimals is offered (BHD's fils); a unit of account with
    // four (CLF) is not.
    const codes = Array.from(currency.options).map((o) => o.value);
    expect(codes).toContain('JPY');
    expect(codes).toContain('BHD');
    expect(codes).not.toContain('CLF');
    fireEvent.change(currency, { target: { value: 'JPY' } });
    fireEvent.change(screen.getByLabelText('Language and region'), { target: { value: 'ja-JP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({
        currency: 'JPY',
        locale: 'ja-JP',
      }),
    );
  });

  it('shows the currency disabled with the reason after the first sale', () => {
    renderWithProviders(
      <GeneralProfileForm settings={settings({ currencyLocked: true })} canEdit />,
    );
    const currency = screen.getByLabelText('Currency') as HTMLSelectElement;
    expect(currency.disabled).toBe(true);
    expect(screen.getByText(CURRENCY_LOCKED_REASON)).toBeTruthy();
    expect((screen.getByLabelText('Language and region') as HTMLSelectElement).disabled).toBe(
      false,
    );
  });
});
