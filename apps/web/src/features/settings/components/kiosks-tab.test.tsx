import type { Kiosk, KioskPairing, KioskSettings } from '@fitbase/domain/contracts/kiosk';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { studioMe } from '@/test/studio-me';
import { KiosksTab } from './kiosks-tab';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

// docs/product/kiosk.md#pairing: Settings → Kiosks, for owners and admins.

const FRONT: Kiosk = {
  id: 'k-1',
  name: 'Front door',
  status: 'paired',
  createdAt: '2026-04-01T09:00:00Z',
  createdByName: 'Olivia Owner',
  pairedAt: '2026-04-01T09:05:00Z',
  lastSeenAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  revokedAt: null,
};
const BACK: Kiosk = {
  ...FRONT,
  id: 'k-2',
  name: 'Back door',
  status: 'revoked',
  lastSeenAt: null,
  revokedAt: '2026-04-02T09:00:00Z',
};

let kiosks: Kiosk[];
let settings: KioskSettings;
let sent: Array<{ method: string; path: string; body: unknown }>;

/** Keeps what a write sent. */
async function record(request: Request) {
  const text = await request.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  sent.push({ method: request.method, path: new URL(request.url).pathname, body });
  return body;
}

mockApi(
  http.get('/api/kiosks', () => Response.json({ kiosks })),
  http.get('/api/kiosk-settings', () => Response.json(settings)),
  http.post('/api/kiosks', async ({ request }) => {
    const body = await record(request);
    const kiosk: Kiosk = {
      ...FRONT,
      id: 'k-3',
      name: (body as { name: string }).name,
      status: 'waiting',
      pairedAt: null,
      lastSeenAt: null,
    };
    kiosks = [kiosk, ...kiosks];
    const pairing: KioskPairing = {
      kiosk,
      pairingCode: 'K7QH-2MXD',
      pairingUrl: 'http://localhost/kiosk?code=K7QH-2MXD',
      expiresAt: '2026-05-01T14:15:00Z',
    };
    return Response.json(pairing, { status: 201 });
  }),
  http.post('/api/kiosks/:id/revoke', async ({ request, params }) => {
    await record(request);
    kiosks = kiosks.map((k) =>
      k.id === params.id ? { ...k, status: 'revoked', revokedAt: new Date().toISOString() } : k,
    );
    return Response.json(kiosks.find((k) => k.id === params.id));
  }),
  http.put('/api/kiosk-settings', async ({ request }) => {
    settings = (await record(request)) as KioskSettings;
    return Response.json(settings);
  }),
);

beforeEach(() => {
  kiosks = [];
  settings = { identifyBy: 'phone_and_pin', windowBeforeMinutes: 60, windowAfterMinutes: 15 };
  sent = [];
  vi.mocked(toast.success).mockClear();
});

afterEach(() => {
  cleanup();
});

function renderTab() {
  renderWithProviders(<KiosksTab />, {
    me: studioMe('owner', 'owner@example.com', { timeZone: 'America/New_York' }),
    router: true,
  });
}

describe('Settings → Kiosks', () => {
  it('pairs a kiosk and shows its pairing code once', async () => {
    renderTab();
    expect(await screen.findByText('No kiosk yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kiosk exceptions' }).getAttribute('href')).toBe(
      '/kiosk-exceptions',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Pair a kiosk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pair a kiosk' });
    // An empty name is refused before any request.
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Get pairing code' }));
    });
    expect(await within(dialog).findByText('Enter a name, such as Front door')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Side door' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Get pairing code' }));
    });
    const shown = await screen.findByRole('dialog', { name: 'Pair Side door' });
    expect(sent).toEqual([{ method: 'POST', path: '/api/kiosks', body: { name: 'Side door' } }]);
    expect(within(shown).getByTestId('kiosk-pairing-code').textContent).toBe('K7QH-2MXD');
    within(shown).getByText('Open /kiosk on the device and enter this code, or scan the QR code.');
    // The expiry in the studio's time zone (New York: 14:15 UTC is 10:15 AM).
    expect(within(shown).getByText('10:15 AM').getAttribute('dateTime')).toBe(
      '2026-05-01T14:15:00Z',
    );
    await waitFor(() =>
      expect(within(shown).getByTestId('kiosk-pairing-qr').getAttribute('src')).toMatch(
        /^data:image\/png;base64,/,
      ),
    );
    // The list behind the dialog has the new kiosk, waiting for its device.
    const row = await screen.findByRole('row', { name: /Side door Waiting/, hidden: true });
    expect(row.textContent).toContain('Never');

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('K7QH-2MXD')).toBeNull();

    // Opening the dialog again asks for a new name: the code is not shown a second time.
    fireEvent.click(screen.getByRole('button', { name: 'Pair a kiosk' }));
    const again = await screen.findByRole('dialog', { name: 'Pair a kiosk' });
    expect((within(again).getByLabelText(/Name/) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('K7QH-2MXD')).toBeNull();
  });

  it('lists kiosks and revokes one after confirming', async () => {
    kiosks = [FRONT, BACK];
    renderTab();
    const front = await screen.findByRole('row', { name: /Front door Paired/ });
    expect(front.textContent).toContain('5 minutes ago');
    expect(front.textContent).toContain('Olivia Owner');
    expect(front.textContent).toContain('Apr 1, 2026');
    const back = screen.getByRole('row', { name: /Back door Revoked/ });
    expect(within(back).queryByRole('button')).toBeNull();

    fireEvent.click(within(front).getByRole('button', { name: 'Revoke Front door' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Revoke Front door?' });
    within(confirm).getByText('The device stops at its next request.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent).toEqual([]);

    fireEvent.click(within(front).getByRole('button', { name: 'Revoke Front door' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Revoke Front door?' });
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    });
    await waitFor(() =>
      expect(sent).toEqual([{ method: 'POST', path: '/api/kiosks/k-1/revoke', body: undefined }]),
    );
    expect(await screen.findByRole('row', { name: /Front door Revoked/ })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('Front door revoked', expect.anything());
  });

  it('saves how members check in without a QR code and the check-in window', async () => {
    renderTab();
    const form = await screen.findByRole('form', { name: 'Kiosk settings' });
    const pin = within(form).getByRole('radio', { name: 'Last 4 digits of phone and a PIN' });
    expect((pin as HTMLInputElement).checked).toBe(true);
    expect(
      (within(form).getByLabelText('Minutes before the start') as HTMLInputElement).value,
    ).toBe('60');

    fireEvent.click(within(form).getByRole('radio', { name: 'Member number' }));
    fireEvent.change(within(form).getByLabelText('Minutes before the start'), {
      target: { value: '30' },
    });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    });
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'PUT',
          path: '/api/kiosk-settings',
          body: { identifyBy: 'member_number', windowBeforeMinutes: 30, windowAfterMinutes: 15 },
        },
      ]),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Kiosk settings saved', expect.anything()),
    );
  });
});
