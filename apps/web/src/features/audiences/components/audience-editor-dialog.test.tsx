import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { AudienceEditorDialog } from './audience-editor-dialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const TAG = '22222222-2222-4222-8222-222222222222';
const PLAN = '33333333-3333-4333-8333-333333333333';

let created: unknown[];
let previews: unknown[];
let createResponse: () => Response;

mockApi(
  http.get('/api/plans', () => Response.json({ plans: [{ id: PLAN, name: 'Unlimited' }] })),
  http.get('/api/tags', () => Response.json({ tags: [{ id: TAG, name: 'VIP' }] })),
  http.get('/api/lead-sources', () => Response.json({ sources: [] })),
  http.post('/api/audiences/preview', async ({ request }) => {
    const body = (await request.json()) as { rules: { type: string }[] };
    previews.push(body);
    // A count the test can tell apart per rule type.
    return Response.json({ count: body.rules[0]?.type === 'tag' ? 1 : 3 });
  }),
  http.post('/api/audiences', async ({ request }) => {
    created.push(await request.json());
    return createResponse();
  }),
);

beforeEach(() => {
  created = [];
  previews = [];
  createResponse = () =>
    Response.json(
      {
        id: '44444444-4444-4444-8444-444444444444',
        name: 'x',
        description: null,
        kind: 'dynamic',
        rules: [],
        memberCount: 0,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
      { status: 201 },
    );
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderEditor() {
  const onOpenChange = vi.fn();
  renderWithProviders(<AudienceEditorDialog open onOpenChange={onOpenChange} />);
  const dialog = screen.getByRole('dialog', { name: 'New audience' });
  const submit = () =>
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create audience' }));
  return { dialog, submit, onOpenChange };
}

describe('AudienceEditorDialog', () => {
  it('shows the live count of the rules and creates a dynamic group with them', async () => {
    const { dialog, submit, onOpenChange } = renderEditor();
    expect(await within(dialog).findByText('3 members match now')).toBeTruthy();
    expect(previews[0]).toEqual({ rules: [{ type: 'status', statuses: ['active'] }] });

    fireEvent.change(within(dialog).getByLabelText('Rule 1'), { target: { value: 'tag' } });
    expect(
      await within(dialog).findByText('Complete the rules to see how many members they select.'),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Name*'), { target: { value: 'VIPs' } });
    submit();
    expect(await within(dialog).findByText('Choose a tag')).toBeTruthy();
    expect(created).toEqual([]);

    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'VIP' })).toBeTruthy());
    fireEvent.change(within(dialog).getByLabelText('Tag'), { target: { value: TAG } });
    expect(await within(dialog).findByText('1 member matches now')).toBeTruthy();
    submit();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(created).toEqual([
      { name: 'VIPs', description: null, kind: 'dynamic', rules: [{ type: 'tag', tagId: TAG }] },
    ]);
  });

  it('requires a name; a manual group has no rules', async () => {
    const { dialog, submit } = renderEditor();
    submit();
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Kind'), { target: { value: 'manual' } });
    expect(within(dialog).queryByLabelText('Rule 1')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Name*'), { target: { value: 'Family Smith' } });
    submit();
    await waitFor(() =>
      expect(created).toEqual([
        { name: 'Family Smith', description: null, kind: 'manual', rules: null },
      ]),
    );
  });

  it('puts the server’s refusal of a rule under that rule’s field', async () => {
    createResponse = () =>
      Response.json(
        {
          error: {
            code: 'validation_error',
            message: 'Rule 1 (Has plan): a plan not found in this studio',
            fields: { 'rules.0.planIds': 'Rule 1 (Has plan): a plan not found in this studio' },
            requestId: 'r1',
          },
        },
        { status: 400 },
      );
    const { dialog, submit } = renderEditor();
    fireEvent.change(within(dialog).getByLabelText('Name*'), { target: { value: 'Members' } });
    fireEvent.change(within(dialog).getByLabelText('Rule 1'), { target: { value: 'plan' } });
    fireEvent.click(await within(dialog).findByLabelText('Unlimited'));
    submit();
    expect(
      await within(dialog).findByText('Rule 1 (Has plan): a plan not found in this studio'),
    ).toBeTruthy();
    expect(created).toEqual([
      {
        name: 'Members',
        description: null,
        kind: 'dynamic',
        rules: [{ type: 'plan', planIds: [PLAN] }],
      },
    ]);
  });
});
