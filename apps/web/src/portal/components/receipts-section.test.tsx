import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { me, renderPortal, stubFetch, studio } from '../test/render-portal';

// Issue 33 point 3: the member downloads their own receipts and credit notes from Profile.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = {
  'GET /api/m/zen/me': { body: { ...me, studio: { ...studio, currency: 'EUR', locale: 'de-DE' } } },
  'GET /api/m/zen': { body: { ...studio, currency: 'EUR', locale: 'de-DE' } },
  'GET /api/m/zen/profile': {
    body: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: null,
      addressLine1: null,
      addressLine2: null,
      city: null,
      state: null,
      postalCode: null,
      emergencyContactName: null,
      emergencyContactPhone: null,
      emergencyContactRelationship: null,
      marketingConsent: false,
      emailReminders: true,
      pushReminders: true,
      pushMarketing: false,
    },
  },
  'GET /api/m/zen/cards': { body: { cards: [] } },
  'GET /api/m/zen/check-in-code': { body: { code: 'first-code' } },
};

describe('portal receipts', () => {
  it('lists receipts and credit notes in the studio currency, each a PDF link', async () => {
    stubFetch({
      ...base,
      'GET /api/m/zen/receipts': {
        body: {
          receipts: [
            {
              id: 'c-1',
              kind: 'credit_note',
              number: 'CN-000001',
              issuedAt: '2026-11-24T09:00:00.000Z',
              total: '15.00',
              currency: 'EUR',
              description: 'Refund: 10 Class Pack',
            },
            {
              id: 'r-1',
              kind: 'receipt',
              number: 'R-000001',
              issuedAt: '2026-11-23T09:00:00.000Z',
              total: '150.00',
              currency: 'EUR',
              description: '10 Class Pack',
            },
          ],
        },
      },
    });
    renderPortal('/m/zen/profile');
    const heading = await screen.findByRole('heading', { name: 'Receipts', level: 2 });
    const section = heading.closest('section') as HTMLElement;
    const items = within(section).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Credit note CN-000001');
    expect(items[1]!.textContent).toContain('Receipt R-000001');
    expect(items[1]!.textContent).toContain('150,00\u00a0€');
    const link = within(items[1]!).getByRole('link', { name: 'Download PDF of R-000001' });
    expect(link.getAttribute('href')).toBe('/api/m/zen/receipts/r-1/pdf');
  });

  it('shows no section before the first payment', async () => {
    stubFetch({ ...base, 'GET /api/m/zen/receipts': { body: { receipts: [] } } });
    renderPortal('/m/zen/profile');
    await screen.findByRole('heading', { name: 'Profile', level: 1 });
    expect(screen.queryByRole('heading', { name: 'Receipts' })).toBeNull();
  });
});
