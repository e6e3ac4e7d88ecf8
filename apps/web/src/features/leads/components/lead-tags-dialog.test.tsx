import type { Lead } from '@fitbase/domain/contracts/leads';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { LeadTagsDialog } from './lead-tags-dialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const VIP = '44444444-4444-4444-8444-444444444444';
const TRIAL = '55555555-5555-4555-8555-555555555555';
const tag = (id: string, name: string) => ({
  id,
  name,
  color: '#2563eb',
  description: null,
  assigneeCount: 1,
  createdAt: '2026-05-01T10:00:00.000Z',
  createdByName: null,
});
const LEAD: Lead = {
  id: '33333333-3333-4333-8333-333333333333',
  firstName: 'Jamie',
  lastName: 'Lead',
  email: 'jamie@example.com',
  phone: null,
  sourceId: null,
  sourceName: null,
  status: 'contacted',
  notes: null,
  ownerUserId: null,
  ownerName: null,
  trialEndsOn: null,
  memberId: null,
  tags: [{ id: VIP, name: 'VIP', color: '#2563eb' }],
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
};

let requests: Array<{ method: string; url: string; body: unknown }>;
let putStatus: number;

async function record(request: Request) {
  const text = await request.text();
  requests.push({
    method: request.method,
    url: request.url,
    body: text ? JSON.parse(text) : undefined,
  });
}
mockApi(
  http.get('/api/tags', async ({ request }) => {
    await record(request);
    return Response.json({ tags: [tag(VIP, 'VIP'), tag(TRIAL, 'Trial week')] });
  }),
  http.put('/api/leads/:id/tags', async ({ request }) => {
    await record(request);
    if (putStatus !== 200)
      return Response.json(
        { error: { code: 'NOT_FOUND', message: 'Lead not found' } },
        { status: putStatus },
      );
    return Response.json({ tags: [{ id: TRIAL, name: 'Trial week', color: '#2563eb' }] });
  }),
);
beforeEach(() => {
  requests = [];
  putStatus = 200;
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderDialog() {
  const onOpenChange = vi.fn();
  const { queryClient } = renderWithProviders(
    <LeadTagsDialog lead={LEAD} onOpenChange={onOpenChange} />,
  );
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const dialog = screen.getByRole('dialog', { name: 'Tags of Jamie Lead' });
  return { dialog, onOpenChange, invalidate };
}

describe('LeadTagsDialog', () => {
  it("offers the studio's tags with the lead's ticked, and saves exactly the ticked ones", async () => {
    const { dialog, onOpenChange, invalidate } = renderDialog();
    const vip = await within(dialog).findByRole('checkbox', { name: 'VIP' });
    const trial = within(dialog).getByRole('checkbox', { name: 'Trial week' });
    expect(vip.getAttribute('aria-checked')).toBe('true');
    expect(trial.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(vip);
    fireEvent.click(trial);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Tags' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const put = requests.filter((r) => r.method === 'PUT');
    expect(put).toEqual([
      {
        method: 'PUT',
        url: expect.stringContaining(`/api/leads/${LEAD.id}/tags`),
        body: { tagIds: [TRIAL] },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Success', expect.anything());
    // The leads table refreshes (leads family of this studio).
    expect(invalidate).toHaveBeenCalledWith({
      queryKey: ['organizations', 'org-1', 'leads'],
    });
  });

  it('keeps the dialog open and says so when saving fails', async () => {
    putStatus = 404;
    const { dialog, onOpenChange } = renderDialog();
    await within(dialog).findByRole('checkbox', { name: 'VIP' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Tags' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Tags of Jamie Lead' })).toBeTruthy();
  });
});
