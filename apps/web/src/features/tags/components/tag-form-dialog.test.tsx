import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { TagFormDialog } from './tag-form-dialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

let requests: { method: string; url: string; body: unknown }[];
let answer: () => Response;

mockApi(
  http.post('/api/tags', async ({ request }) => {
    const text = await request.text();
    requests.push({ method: request.method, url: request.url, body: text && JSON.parse(text) });
    return answer();
  }),
);

beforeEach(() => {
  requests = [];
  answer = () =>
    Response.json(
      {
        id: '11111111-1111-4111-8111-111111111111',
        name: 'VIP',
        description: null,
        color: '#ef4444',
        assigneeCount: 0,
        createdByName: 'Sam',
        createdAt: '2026-11-01T00:00:00.000Z',
      },
      { status: 201 },
    );
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderDialog(organizationId: string | null = 'org-1') {
  const onOpenChange = vi.fn();
  renderWithProviders(<TagFormDialog open onOpenChange={onOpenChange} />, { organizationId });
  const dialog = screen.getByRole('dialog', { name: 'Create tag' });
  const submit = within(dialog).getByRole('button', { name: 'Create tag' });
  return { dialog, submit, onOpenChange };
}

describe('Create tag dialog', () => {
  it('does nothing while the name is empty, then creates with the chosen colour', async () => {
    const { dialog, submit, onOpenChange } = renderDialog();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(submit);
    expect(requests).toEqual([]);

    // The default colour is the first preset, and all eight are offered.
    const colours = within(dialog).getAllByRole('radio');
    expect(colours).toHaveLength(8);
    expect(within(dialog).getByRole('radio', { name: 'Blue' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Red' }));
    fireEvent.change(within(dialog).getByLabelText('Name*'), { target: { value: ' VIP ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests).toEqual([
      {
        method: 'POST',
        url: expect.stringMatching(/\/api\/tags$/),
        body: { name: 'VIP', description: null, color: '#ef4444' },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Tag created successfully');
  });

  it('shows a taken name under the field and says the creation failed', async () => {
    answer = () =>
      Response.json(
        {
          error: {
            code: 'conflict',
            message: 'A tag named "VIP" already exists: choose another name.',
          },
        },
        { status: 409 },
      );
    const { dialog, submit, onOpenChange } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Name*'), { target: { value: 'VIP' } });
    fireEvent.click(submit);
    expect(
      await within(dialog).findByText('A tag named "VIP" already exists: choose another name.'),
    ).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith('Failed to create tag', expect.anything());
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('says No organization found without a studio, sending nothing', async () => {
    const { dialog, submit } = renderDialog(null);
    fireEvent.change(within(dialog).getByLabelText('Name*'), { target: { value: 'VIP' } });
    fireEvent.click(submit);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('No organization found'));
    expect(requests).toEqual([]);
  });
});
