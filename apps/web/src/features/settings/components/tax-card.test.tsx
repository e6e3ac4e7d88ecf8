import type { OrganizationRole } from '@fitbase/domain/constants';
import type { TaxSettings } from '@fitbase/domain/contracts/tax-rates';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { studioMe } from '@/test/studio-me';
import { TaxCard } from './tax-card';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const VAT = '11111111-1111-4111-8111-111111111111';
let settings: TaxSettings;
let posts: unknown[] = [];
let patches: Array<{ path: string; body: unknown }> = [];

mockApi(
  http.get('/api/tax', () => Response.json(settings)),
  http.post('/api/tax/rates', async ({ request }) => {
    const body = (await request.json()) as { name: string; rate: string; inclusive: boolean };
    posts.push(body);
    settings = {
      ...settings,
      rates: [
        ...settings.rates,
        {
          id: '22222222-2222-4222-8222-222222222222',
          name: body.name,
          rate: '8.8750',
          inclusive: body.inclusive,
          isActive: true,
          usedBy: { plans: 0, products: 0, fees: false },
        },
      ],
    };
    return Response.json(settings, { status: 201 });
  }),
  http.patch('/api/tax/rates/:id', async ({ request }) => {
    patches.push({ path: new URL(request.url).pathname, body: await request.json() });
    return Response.json(
      {
        error: {
          code: 'conflict',
          message: 'VAT is still charged on 2 plans. Choose another rate for them first.',
        },
      },
      { status: 409 },
    );
  }),
  http.patch('/api/tax', async ({ request }) => {
    const body = (await request.json()) as Partial<TaxSettings>;
    patches.push({ path: '/api/tax', body });
    settings = { ...settings, ...body };
    return Response.json(settings);
  }),
);

beforeEach(() => {
  settings = {
    rates: [
      {
        id: VAT,
        name: 'VAT',
        rate: '20.0000',
        inclusive: true,
        isActive: true,
        usedBy: { plans: 2, products: 0, fees: false },
      },
    ],
    feeTaxRateId: null,
    rounding: 'half_up',
  };
  posts = [];
  patches = [];
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => cleanup());

const renderCard = (role: OrganizationRole) =>
  renderWithProviders(<TaxCard />, { me: studioMe(role) });

describe('TaxCard', () => {
  it('lists the rates with what charges them and adds a rate', async () => {
    renderCard('owner');
    const row = (await screen.findByText('VAT')).closest('tr')!;
    within(row).getByText('20%');
    within(row).getByText('Included in price');
    within(row).getByText('2 plans');
    fireEvent.click(screen.getByRole('button', { name: 'Add tax rate' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name*'), { target: { value: 'Sales tax' } });
    fireEvent.change(within(dialog).getByLabelText('Rate (%)*'), { target: { value: '8.875' } });
    fireEvent.click(within(dialog).getByLabelText('Prices include this tax'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add tax rate' }));
    await waitFor(() =>
      expect(posts).toEqual([{ name: 'Sales tax', rate: '8.875', inclusive: false }]),
    );
    expect(await screen.findByText('Sales tax')).toBeTruthy();
    expect(screen.getByText('8.875%')).toBeTruthy();
  });

  it('refuses a rate with too many decimals before sending it', async () => {
    renderCard('admin');
    await screen.findByText('VAT');
    fireEvent.click(screen.getByRole('button', { name: 'Add tax rate' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name*'), { target: { value: 'GST' } });
    fireEvent.change(within(dialog).getByLabelText('Rate (%)*'), { target: { value: '8.87501' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add tax rate' }));
    await within(dialog).findByText(
      'Rate must be a percent like 20 or 8.875 (up to 4 decimals, below 100)',
    );
    expect(posts).toEqual([]);
  });

  it("shows the server's reason when a rate still in use cannot be archived", async () => {
    renderCard('owner');
    fireEvent.click(await screen.findByRole('button', { name: 'Archive VAT' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Error',
        expect.objectContaining({
          description: 'VAT is still charged on 2 plans. Choose another rate for them first.',
        }),
      ),
    );
    expect(patches).toEqual([{ path: `/api/tax/rates/${VAT}`, body: { isActive: false } }]);
  });

  it('saves the booking fees rate', async () => {
    renderCard('owner');
    fireEvent.change(await screen.findByLabelText('Booking fees'), { target: { value: VAT } });
    await waitFor(() =>
      expect(patches).toEqual([{ path: '/api/tax', body: { feeTaxRateId: VAT } }]),
    );
  });

  it('is read-only for staff', async () => {
    renderCard('staff');
    await screen.findByText('VAT');
    expect(screen.queryByRole('button', { name: 'Add tax rate' })).toBeNull();
    expect((screen.getByLabelText('Booking fees') as HTMLSelectElement).disabled).toBe(true);
  });
});
