import type { GeneralSettings } from '@fitbase/domain/contracts/settings';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { GeneralProfileForm } from './general-profile-form';

// Issue 33 point 3: the business details printed on receipts and the receipt email switch.

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
  postalAddress: 'Torstr. 1, 10119 Berlin',
  primaryColor: null,
  secondaryColor: null,
  legalName: null,
  taxId: null,
  emailReceipts: true,
  logoUrl: null,
  billingRetryDays: [1, 3, 7],
  ...overrides,
});

describe('Settings → General: receipts', () => {
  it('sends the legal name, tax id and the email switch', async () => {
    api.answer({
      'PATCH /api/settings/general': async (request) =>
        HttpResponse.json(settings(await request.json())),
    });
    renderWithProviders(<GeneralProfileForm settings={settings()} canEdit />);
    const emails = screen.getByRole('switch', { name: 'Email a receipt after each payment' });
    expect(emails.getAttribute('aria-checked')).toBe('true');
    fireEvent.change(screen.getByLabelText('Legal business name'), {
      target: { value: 'Berlin Gym GmbH' },
    });
    fireEvent.change(screen.getByLabelText('Tax ID'), { target: { value: 'DE123456789' } });
    fireEvent.click(emails);
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({
        legalName: 'Berlin Gym GmbH',
        taxId: 'DE123456789',
        emailReceipts: false,
      }),
    );
  });

  it('shows the fields read-only to staff who cannot edit', () => {
    renderWithProviders(
      <GeneralProfileForm
        settings={settings({ legalName: 'Berlin Gym GmbH', emailReceipts: false })}
        canEdit={false}
      />,
    );
    expect((screen.getByLabelText('Legal business name') as HTMLInputElement).readOnly).toBe(true);
    const emails = screen.getByRole('switch', { name: 'Email a receipt after each payment' });
    expect(emails.getAttribute('aria-checked')).toBe('false');
    expect((emails as HTMLButtonElement).disabled).toBe(true);
  });
});
