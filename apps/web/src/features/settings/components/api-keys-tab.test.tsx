import type { ApiKey, CreatedApiKey } from '@fitbase/domain/contracts/api-keys';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { studioMe } from '@/test/studio-me';
import { ApiKeysTab } from './api-keys-tab';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

// docs/product/integrations.md#api-keys: Settings › API keys, for owners and admins.

const DOOR: ApiKey = {
  id: 'key-1',
  name: 'Door access',
  scope: 'read',
  prefix: 'fb_7Hq2',
  createdByName: 'Olivia Owner',
  createdAt: '2026-04-01T09:00:00Z',
  lastUsedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  revokedAt: null,
};
const OLD: ApiKey = { ...DOOR, id: 'key-2', name: 'Old sync', revokedAt: '2026-04-02T09:00:00Z' };
const SECRET = `fb_${'A1b2C3d4E5'.repeat(4)}xyz`;

let keys: ApiKey[];
let sent: Array<{ method: string; path: string; body: unknown }>;

async function record(request: Request) {
  const text = await request.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  sent.push({ method: request.method, path: new URL(request.url).pathname, body });
  return body;
}

mockApi(
  http.get('/api/api-keys', () => Response.json({ apiKeys: keys })),
  http.post('/api/api-keys', async ({ request }) => {
    const body = (await record(request)) as { name: string; scope: 'read' | 'write' };
    const apiKey: ApiKey = {
      ...DOOR,
      id: 'key-3',
      name: body.name,
      scope: body.scope,
      prefix: SECRET.slice(0, 7),
      lastUsedAt: null,
    };
    keys = [apiKey, ...keys];
    const created: CreatedApiKey = { apiKey, key: SECRET };
    return Response.json(created, { status: 201 });
  }),
  http.post('/api/api-keys/:id/revoke', async ({ request, params }) => {
    await record(request);
    keys = keys.map((k) =>
      k.id === params.id ? { ...k, revokedAt: new Date().toISOString() } : k,
    );
    return Response.json(keys.find((k) => k.id === params.id));
  }),
);

beforeEach(() => {
  keys = [];
  sent = [];
  vi.mocked(toast.success).mockClear();
});
afterEach(() => cleanup());

function renderTab() {
  renderWithProviders(<ApiKeysTab />, {
    me: studioMe('owner', 'owner@example.com', { timeZone: 'America/New_York' }),
    router: true,
  });
}

describe('Settings › API keys', () => {
  it('creates a key with a name and a scope, and shows it once', async () => {
    renderTab();
    expect(await screen.findByText('No API key yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    // An empty name is refused before any request.
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    });
    expect(await within(dialog).findByText('Enter a name, such as Door access')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Website' } });
    fireEvent.change(within(dialog).getByLabelText(/Scope/), { target: { value: 'write' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    });
    const shown = await screen.findByRole('dialog', { name: 'Website' });
    expect(sent).toEqual([
      { method: 'POST', path: '/api/api-keys', body: { name: 'Website', scope: 'write' } },
    ]);
    expect((within(shown).getByTestId('api-key-value') as HTMLInputElement).value).toBe(SECRET);
    within(shown).getByText(/FitBase shows it only once/);
    const row = await screen.findByRole('row', { name: /Website Read and write/, hidden: true });
    expect(row.textContent).toContain('Never');

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('lists keys with scope, creator, created and last used, and revokes one after confirming', async () => {
    keys = [DOOR, OLD];
    renderTab();
    const door = await screen.findByRole('row', { name: /Door access Read only/ });
    expect(door.textContent).toContain('fb_7Hq2…');
    expect(door.textContent).toContain('Olivia Owner');
    expect(door.textContent).toContain('Apr 1, 2026');
    expect(door.textContent).toContain('5 minutes ago');
    const old = screen.getByRole('row', { name: /Old sync Revoked/ });
    expect(within(old).queryByRole('button')).toBeNull();

    fireEvent.click(within(door).getByRole('button', { name: 'Revoke Door access' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke Door access?' });
    within(confirm).getByText('Programs using this key are refused from their next request.');
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    });
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'POST', path: '/api/api-keys/key-1/revoke', body: undefined },
      ]),
    );
    expect(await screen.findByRole('row', { name: /Door access Revoked/ })).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('Door access revoked', expect.anything());
  });
});
