import type { Lead, LeadSource } from '@fitbase/domain/contracts/leads';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { LeadFormDialog } from './lead-form-dialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const SOURCES: LeadSource[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Instagram',
    leadCount: 2,
    isActive: true,
    createdAt: '',
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Old flyer',
    leadCount: 0,
    isActive: false,
    createdAt: '',
  },
];
const OWNERS = [{ userId: 'user-1', name: 'Sam Staff' }];
const LEAD: Lead = {
  id: '33333333-3333-4333-8333-333333333333',
  firstName: 'Jamie',
  lastName: 'Lead',
  email: 'jamie@example.com',
  phone: null,
  sourceId: SOURCES[0]!.id,
  sourceName: 'Instagram',
  status: 'contacted',
  notes: null,
  ownerUserId: null,
  ownerName: null,
  trialEndsOn: null,
  memberId: null,
  tags: [],
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
};

let requests: Array<{ method: string; url: string; body: unknown }>;

async function save({ request }: { request: Request }) {
  requests.push({
    method: request.method,
    url: request.url,
    body: JSON.parse(await request.text()),
  });
  return Response.json(LEAD, { status: request.method === 'POST' ? 201 : 200 });
}
mockApi(http.post('/api/leads', save), http.patch('/api/leads/:id', save));
beforeEach(() => {
  requests = [];
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderDialog(lead?: Lead) {
  const onOpenChange = vi.fn();
  renderWithProviders(
    <LeadFormDialog
      open
      onOpenChange={onOpenChange}
      lead={lead}
      sources={SOURCES}
      owners={OWNERS}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: lead ? 'Edit Lead' : 'Add Lead' });
  const type = (label: RegExp, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  const submit = () =>
    fireEvent.click(within(dialog).getByRole('button', { name: lead ? 'Save Lead' : 'Add Lead' }));
  return { dialog, type, submit, onOpenChange };
}

describe('LeadFormDialog', () => {
  it('asks for an email or a phone, and a trial end for a trial', async () => {
    const { dialog, type, submit } = renderDialog();
    type(/First Name/, 'Robin');
    type(/Last Name/, 'Prospect');
    submit();
    expect(await within(dialog).findByText('Enter an email or a phone number')).toBeTruthy();
    type(/Phone/, '555 0100');
    type(/Status/, 'trial');
    submit();
    expect(
      await within(dialog).findByText('Trial end date is required when the lead is on a trial'),
    ).toBeTruthy();
    expect(requests).toEqual([]);
    // Only active sources are offered for a new lead.
    const source = within(dialog).getByLabelText(/Source/);
    expect(within(source).queryByRole('option', { name: 'Old flyer' })).toBeNull();
  });

  it('creates a lead with its source and owner', async () => {
    const { type, submit, onOpenChange } = renderDialog();
    type(/First Name/, 'Robin');
    type(/Last Name/, 'Prospect');
    type(/Email/, 'robin@example.com');
    type(/Source/, SOURCES[0]!.id);
    type(/Owner/, 'user-1');
    submit();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      body: {
        firstName: 'Robin',
        lastName: 'Prospect',
        email: 'robin@example.com',
        sourceId: SOURCES[0]!.id,
        ownerUserId: 'user-1',
        status: 'new',
        trialEndsOn: null,
      },
    });
  });

  it('moves a lead to a trial with its end date', async () => {
    const { type, submit, onOpenChange } = renderDialog(LEAD);
    type(/Status/, 'trial');
    type(/Trial ends/, '2026-09-30');
    submit();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests[0]).toMatchObject({
      method: 'PATCH',
      body: { status: 'trial', trialEndsOn: '2026-09-30' },
    });
    expect(requests[0]!.url).toContain(`/api/leads/${LEAD.id}`);
  });
});
