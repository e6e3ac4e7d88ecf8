import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ComposeMessageDialog } from './compose-message-dialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const MEMBER = { id: '22222222-2222-4222-8222-222222222222', name: 'Jamie Rivera' };
const TEMPLATE = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Welcome',
  subject: 'Welcome, {{first_name}}',
  content: 'Glad to have you at {{studio_name}}.',
  status: 'active',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

let posts: Array<{ url: string; body: unknown }>;
let answer: () => Response;

mockApi(
  http.get('/api/email-templates', () => Response.json({ templates: [TEMPLATE], activeCount: 1 })),
  http.post('/api/members/:id/messages', async ({ request }) => {
    posts.push({ url: request.url, body: JSON.parse(await request.text()) });
    return answer();
  }),
);

beforeEach(() => {
  posts = [];
  answer = () =>
    Response.json(
      {
        conversationId: 'c-1',
        message: { id: 'm-1', conversationId: 'c-1', direction: 'out', status: 'queued' },
      },
      { status: 201 },
    );
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderDialog() {
  const onOpenChange = vi.fn();
  const onSent = vi.fn();
  renderWithProviders(
    <ComposeMessageDialog open onOpenChange={onOpenChange} member={MEMBER} onSent={onSent} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'New Message' });
  const send = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  return { dialog, send, onOpenChange, onSent };
}

describe('ComposeMessageDialog', () => {
  it('asks for a subject and a message before sending anything', async () => {
    const { dialog, send } = renderDialog();
    send();
    expect(await within(dialog).findByText('Please enter a message')).toBeTruthy();
    expect(within(dialog).getByText('Subject is required')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('starts from a template and sends it to the member', async () => {
    const { dialog, send, onSent, onOpenChange } = renderDialog();
    const picker = within(dialog).getByLabelText('Template');
    await within(picker).findByRole('option', { name: 'Welcome' });
    fireEvent.change(picker, { target: { value: TEMPLATE.id } });
    await waitFor(() =>
      expect((within(dialog).getByLabelText(/Subject/) as HTMLInputElement).value).toBe(
        'Welcome, {{first_name}}',
      ),
    );
    send();
    await waitFor(() => expect(onSent).toHaveBeenCalledWith('c-1'));
    expect(posts).toEqual([
      {
        url: expect.stringContaining(`/api/members/${MEMBER.id}/messages`),
        body: {
          subject: TEMPLATE.subject,
          content: TEMPLATE.content,
          templateId: TEMPLATE.id,
        },
      },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the server's unknown merge field under the message and stays open", async () => {
    answer = () =>
      Response.json(
        {
          error: {
            code: 'unknown_merge_field',
            message: 'Unknown merge field {{frist_name}}.',
            fields: { content: 'Unknown merge field {{frist_name}}.' },
          },
        },
        { status: 400 },
      );
    const { dialog, send, onOpenChange } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText(/Subject/), { target: { value: 'Hi' } });
    fireEvent.change(within(dialog).getByLabelText(/^Message/), {
      target: { value: 'Hello {{frist_name}}' },
    });
    send();
    expect(await within(dialog).findByText('Unknown merge field {{frist_name}}.')).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
