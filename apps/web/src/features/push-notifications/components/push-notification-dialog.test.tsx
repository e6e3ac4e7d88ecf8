import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { PushNotificationDialog } from './push-notification-dialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const GROUP = { id: '44444444-4444-4444-8444-444444444444', name: 'Family Smith', memberCount: 3 };
let posts: unknown[];
mockApi(
  http.post('/api/push-notifications', async ({ request }) => {
    posts.push(JSON.parse(await request.text()));
    return Response.json(
      {
        id: '55555555-5555-4555-8555-555555555555',
        message: 'Hi',
        audienceId: null,
        audienceName: null,
        isMarketing: false,
        recipientCount: 12,
        pushCount: 0,
        emailCount: 12,
        sentByName: 'Owner',
        createdAt: '2026-05-01T10:00:00.000Z',
      },
      { status: 201 },
    );
  }),
);
beforeEach(() => {
  posts = [];
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderDialog() {
  const onOpenChange = vi.fn();
  renderWithProviders(<PushNotificationDialog open onOpenChange={onOpenChange} groups={[GROUP]} />);
  const dialog = screen.getByRole('dialog', { name: 'Send Push Notification' });
  const send = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  return { dialog, send, onOpenChange };
}

describe('PushNotificationDialog', () => {
  it('says "Please enter a message" and sends nothing without one', async () => {
    const { dialog, send } = renderDialog();
    send();
    expect(await within(dialog).findByText('Please enter a message')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('sends to everyone by default, as a service message unless ticked', async () => {
    const { dialog, send, onOpenChange } = renderDialog();
    expect(
      within(dialog).getByRole('tab', { name: 'Send to everyone' }).getAttribute('aria-selected'),
    ).toBe('true');
    fireEvent.change(within(dialog).getByLabelText(/Message/), {
      target: { value: 'Closed Monday' },
    });
    send();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posts).toEqual([{ message: 'Closed Monday', audienceId: null, isMarketing: false }]);
    expect(toast.success).toHaveBeenCalledWith(
      'Push notification sent successfully',
      expect.objectContaining({ description: 'Sent to 12 members' }),
    );
  });

  it('sends a marketing message to a chosen group', async () => {
    const { dialog, send, onOpenChange } = renderDialog();
    fireEvent.mouseDown(within(dialog).getByRole('tab', { name: 'Send to a group' }));
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Send to a group' }));
    fireEvent.change(within(dialog).getByLabelText(/Message/), { target: { value: 'Offer' } });
    send();
    expect(await within(dialog).findByText('Choose a group')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Group/), { target: { value: GROUP.id } });
    fireEvent.click(within(dialog).getByLabelText('This is a marketing message'));
    send();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posts).toEqual([{ message: 'Offer', audienceId: GROUP.id, isMarketing: true }]);
  });
});
