import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { studioMe } from '@/test/studio-me';
import { WaiversTab } from './waivers-tab';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

// docs/product/waivers.md#settings--waivers

const V1 = {
  id: 'w-1',
  version: 1,
  title: 'Liability waiver',
  body: 'At my own risk.',
  createdAt: '2026-03-01T10:00:00Z',
  signatureCount: 4,
};

let admin: { current: typeof V1 | null; versions: (typeof V1)[]; requiredToBook: boolean };
let sent: Array<{ method: string; path: string; body: unknown }> = [];

async function record(request: Request) {
  const body = (await request.json()) as Record<string, unknown>;
  sent.push({ method: request.method, path: new URL(request.url).pathname, body });
  return body;
}

mockApi(
  http.get('/api/settings/waivers', () => Response.json(admin)),
  http.post('/api/settings/waivers/versions', async ({ request }) => {
    const body = await record(request);
    const v2 = { ...V1, ...body, id: 'w-2', version: 2, signatureCount: 0 };
    admin = { ...admin, current: v2 as typeof V1, versions: [v2 as typeof V1, V1] };
    return Response.json(v2, { status: 201 });
  }),
  http.put('/api/settings/waivers/settings', async ({ request }) => {
    const body = await record(request);
    admin = { ...admin, requiredToBook: body.requiredToBook === true };
    return Response.json(admin);
  }),
);

beforeEach(() => {
  admin = { current: V1, versions: [V1], requiredToBook: false };
  sent = [];
  vi.mocked(toast.success).mockClear();
});

afterEach(() => {
  cleanup();
});

function renderTab() {
  renderWithProviders(<WaiversTab />, { me: studioMe('owner') });
}

describe('Settings → Waivers', () => {
  it('shows the current text and versions, saves a new version and the booking switch', async () => {
    renderTab();
    expect(await screen.findByText('At my own risk.', { selector: 'p' })).toBeTruthy();
    screen.getByText(/Version 1, written/);
    const row = screen.getByRole('row', { name: /1 \(current\) Liability waiver/ });
    expect(row.textContent).toContain('4');

    const body = screen.getByLabelText(/Waiver text/) as HTMLTextAreaElement;
    expect(body.value).toBe('At my own risk.');
    fireEvent.change(body, { target: { value: 'At my own risk, always.' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save new version' }));
    });
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          path: '/api/settings/waivers/versions',
          body: { title: 'Liability waiver', body: 'At my own risk, always.' },
        },
      ]),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Version 2 saved', expect.anything()),
    );
    expect(await screen.findByText(/Version 2, written/)).toBeTruthy();

    await act(async () => {
      fireEvent.click(
        screen.getByRole('switch', { name: 'Require a signed current version to book' }),
      );
    });
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({
        method: 'PUT',
        path: '/api/settings/waivers/settings',
        body: { requiredToBook: true },
      }),
    );
  });

  it('asks for the first version before the switch can be turned on', async () => {
    admin = { current: null, versions: [], requiredToBook: false };
    renderTab();
    expect(await screen.findByText('No waiver yet: write the first version below.')).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: 'Require a signed current version to book' });
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
  });
});
