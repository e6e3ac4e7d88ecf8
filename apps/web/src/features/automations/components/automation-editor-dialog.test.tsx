import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { AutomationEditorDialog } from './automation-editor-dialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const TEMPLATE = '11111111-1111-4111-8111-111111111111';
const TAG = '22222222-2222-4222-8222-222222222222';
const json = (body: unknown, status = 200) => Response.json(body, { status });
let posts: unknown[];

mockApi(
  http.get('/api/email-templates', () =>
    json({
      templates: [{ id: TEMPLATE, name: 'Welcome', subject: 'Hi', content: 'x', status: 'active' }],
      activeCount: 1,
    }),
  ),
  http.get('/api/tags', () => json({ tags: [{ id: TAG, name: 'VIP' }] })),
  http.get('/api/staff', () => json({ staff: [], stats: {} })),
  http.post('/api/automations', async ({ request }) => {
    posts.push(await request.json());
    return json({ id: 'a1' }, 201);
  }),
);

beforeEach(() => {
  posts = [];
});
afterEach(() => {
  cleanup();
});

describe('AutomationEditorDialog', () => {
  it('builds ordered steps with pickers, asks for N days, and saves the contract', async () => {
    renderWithProviders(<AutomationEditorDialog open onOpenChange={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'New automation' });
    fireEvent.change(within(dialog).getByLabelText('Name*'), { target: { value: 'Win back' } });
    fireEvent.change(within(dialog).getByLabelText('Trigger'), {
      target: { value: 'no_visit_days' },
    });
    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: 'Welcome' })).toBeTruthy(),
    );
    fireEvent.change(within(dialog).getByLabelText('Email template'), {
      target: { value: TEMPLATE },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add step' }));
    fireEvent.change(within(dialog).getByLabelText('Step 2'), { target: { value: 'add_tag' } });
    fireEvent.change(within(dialog).getByLabelText('Tag'), { target: { value: TAG } });
    // The tag goes first.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move step 2 up' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create automation' }));
    expect(await within(dialog).findByText('Enter the number of days')).toBeTruthy();
    expect(posts).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('N (days)'), { target: { value: '14' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create automation' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      name: 'Win back',
      description: null,
      trigger: 'no_visit_days',
      triggerDays: 14,
      steps: [
        { kind: 'add_tag', tagId: TAG },
        { kind: 'send_email', templateId: TEMPLATE },
      ],
    });
  });
});
