import type { WebhookAttempt, WebhookEndpoint } from '@fitbase/domain/contracts/webhooks';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StudioFormatProvider } from '@/hooks/use-studio-format';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { studioMe } from '@/test/studio-me';
import { WebhooksTab } from './webhooks-tab';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

// docs/product/integrations.md#webhooks: Settings → Webhooks, for owners and admins.

const CRM: WebhookEndpoint = {
  id: 'e-1',
  url: 'https://crm.example.com/hooks',
  description: 'CRM',
  events: ['member.created', 'member.updated'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  lastSuccessAt: null,
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  createdAt: '2026-04-01T09:00:00Z',
};
const ATTEMPT: WebhookAttempt = {
  id: 'a-1',
  deliveryId: 'd-1',
  eventId: 'ev-1',
  eventType: 'member.created',
  attempt: 1,
  statusCode: 500,
  error: null,
  responseBody: 'Internal error',
  durationMs: 42,
  manual: false,
  attemptedAt: '2026-04-01T09:05:00Z',
  deliveryStatus: 'pending',
};

let endpoints: WebhookEndpoint[];
let sent: Array<{ method: string; path: string; body: unknown }>;

async function record(request: Request) {
  const text = await request.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  sent.push({ method: request.method, path: new URL(request.url).pathname, body });
  return body as Record<string, unknown>;
}

mockApi(
  http.get('/api/webhook-endpoints', () => Response.json({ endpoints })),
  http.post('/api/webhook-endpoints', async ({ request }) => {
    const body = await record(request);
    if (String(body.url).includes('10.0.0.1')) {
      const message =
        '10.0.0.1 resolves to 10.0.0.1, a private, loopback, link-local or otherwise non-public address: webhooks are only sent to public internet addresses';
      return Response.json(
        { error: { code: 'validation_error', message, fields: { url: message } } },
        { status: 400 },
      );
    }
    const endpoint = { ...CRM, id: 'e-2', ...body } as WebhookEndpoint;
    endpoints = [...endpoints, endpoint];
    return Response.json(endpoint, { status: 201 });
  }),
  http.patch('/api/webhook-endpoints/:id', async ({ request, params }) => {
    const body = await record(request);
    endpoints = endpoints.map((e) => (e.id === params.id ? { ...e, ...body } : e));
    return Response.json(endpoints.find((e) => e.id === params.id));
  }),
  http.delete('/api/webhook-endpoints/:id', async ({ request, params }) => {
    await record(request);
    endpoints = endpoints.filter((e) => e.id !== params.id);
    return new Response(null, { status: 204 });
  }),
  http.get('/api/webhook-endpoints/:id/attempts', () => Response.json({ attempts: [ATTEMPT] })),
  http.post('/api/webhook-deliveries/:id/resend', async ({ request }) => {
    await record(request);
    return Response.json({ queued: true }, { status: 202 });
  }),
);

beforeEach(() => {
  endpoints = [];
  sent = [];
  vi.mocked(toast.success).mockClear();
});
afterEach(() => cleanup());

function renderTab(studio: { locale?: string; timeZone?: string } = {}) {
  renderWithProviders(
    <StudioFormatProvider>
      <WebhooksTab />
    </StudioFormatProvider>,
    { me: studioMe('owner', 'owner@example.com', studio), router: true },
  );
}

describe('Settings → Webhooks', () => {
  it('adds an endpoint with its events, showing a refused address on the URL field', async () => {
    renderTab();
    expect(await screen.findByText('No endpoint yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    // No event chosen: refused before any request.
    fireEvent.change(within(dialog).getByLabelText(/Endpoint URL/), {
      target: { value: 'https://10.0.0.1/hook' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    });
    expect(await within(dialog).findByText('Choose at least one event')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.click(within(dialog).getByLabelText(/Booking created/));
    fireEvent.click(within(dialog).getByLabelText(/Member created/));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    });
    expect(await within(dialog).findByText(/non-public address/)).toBeTruthy();
    expect(sent[0]!.body).toMatchObject({
      url: 'https://10.0.0.1/hook',
      events: ['member.created', 'booking.created'],
    });

    fireEvent.change(within(dialog).getByLabelText(/Endpoint URL/), {
      target: { value: 'https://crm.example.com/hooks' },
    });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'CRM' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent[1]).toEqual({
      method: 'POST',
      path: '/api/webhook-endpoints',
      body: {
        url: 'https://crm.example.com/hooks',
        description: 'CRM',
        events: ['member.created', 'booking.created'],
      },
    });
    const row = await screen.findByRole('row', { name: /crm\.example\.com/ });
    expect(row.textContent).toContain('member.created, booking.created');
  });

  it('disables, shows the secret and deliveries with Resend, and deletes after confirming', async () => {
    endpoints = [{ ...CRM }];
    renderTab();
    const row = await screen.findByRole('row', { name: /crm\.example\.com/ });
    await act(async () => {
      fireEvent.click(within(row).getByRole('switch'));
    });
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'PATCH', path: '/api/webhook-endpoints/e-1', body: { enabled: false } },
      ]),
    );

    fireEvent.click(within(row).getByRole('button', { name: 'Deliveries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    expect((within(dialog).getByLabelText('Signing secret') as HTMLInputElement).value).toBe(
      CRM.secret,
    );
    const attempt = await within(dialog).findByRole('row', { name: /member\.created 500/ });
    expect(attempt.textContent).toContain('42 ms');
    expect(attempt.textContent).toContain('Internal error');
    await act(async () => {
      fireEvent.click(within(attempt).getByRole('button', { name: /Resend/ }));
    });
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({
        method: 'POST',
        path: '/api/webhook-deliveries/d-1/resend',
        body: undefined,
      }),
    );
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(
      within(row).getByRole('button', { name: 'Delete https://crm.example.com/hooks' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this endpoint?' });
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    });
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({
        method: 'DELETE',
        path: '/api/webhook-endpoints/e-1',
        body: undefined,
      }),
    );
    expect(await screen.findByText('No endpoint yet')).toBeTruthy();
  });

  it("writes when an endpoint began failing and each delivery in the studio's locale and zone (ADR 0038)", async () => {
    endpoints = [{ ...CRM, failingSince: '2026-04-01T09:05:00Z' }];
    renderTab({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
    const row = await screen.findByRole('row', { name: /crm\.example\.com/ });
    // 09:05 UTC is 11:05 in Berlin (summer time).
    expect(within(row).getByText('Failing since 01.04.2026, 11:05')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Deliveries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    const attempt = await within(dialog).findByRole('row', { name: /member\.created 500/ });
    expect(within(attempt).getByText('01.04.2026, 11:05')).toBeTruthy();
  });
});
