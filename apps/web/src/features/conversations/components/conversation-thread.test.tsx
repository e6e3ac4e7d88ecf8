import type { Conversation } from '@fitbase/domain/contracts/conversations';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ConversationThread } from './conversation-thread';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const base = {
  conversationId: 'c-1',
  status: 'sent' as const,
  sentByName: null,
  fromAddress: null,
  openedAt: null,
  readAt: null,
};
const CONVERSATION: Conversation = {
  id: 'c-1',
  memberId: '22222222-2222-4222-8222-222222222222',
  memberName: 'Jamie Rivera',
  memberEmail: 'jamie@example.com',
  status: 'open',
  assigneeUserId: null,
  assigneeName: null,
  unreadCount: 0,
  lastMessageAt: '2026-11-02T10:00:00.000Z',
  lastMessage: null,
  messages: [
    {
      ...base,
      id: 'm-1',
      direction: 'out',
      subject: 'Your class',
      body: 'See you Monday?',
      sentByName: 'Sam Lee',
      openedAt: '2026-11-02T09:30:00.000Z',
      createdAt: '2026-11-02T09:00:00.000Z',
    },
    {
      ...base,
      id: 'm-2',
      direction: 'in',
      subject: 'Re: Your class',
      body: 'Yes! <script>alert(1)</script>',
      fromAddress: 'jamie@example.com',
      createdAt: '2026-11-02T10:00:00.000Z',
    },
  ],
};

let posts: unknown[];
mockApi(
  http.post('/api/members/:id/messages', async ({ request }) => {
    posts.push(JSON.parse(await request.text()));
    return Response.json({ conversationId: 'c-1', message: {} }, { status: 201 });
  }),
);
beforeEach(() => {
  posts = [];
});
afterEach(() => {
  cleanup();
});

function renderThread() {
  renderWithProviders(<ConversationThread conversation={CONVERSATION} />);
}

describe('ConversationThread', () => {
  it('shows every message oldest first, who wrote it, delivery, and replies as plain text', () => {
    renderThread();
    const items = within(screen.getByRole('list', { name: 'Conversation with Jamie Rivera' }))
      .getAllByRole('article')
      .map((a) => a.getAttribute('aria-label'));
    expect(items).toEqual(['Sent: Your class', 'From Jamie Rivera: Re: Your class']);
    expect(screen.getByText('Sam Lee')).toBeTruthy();
    expect(screen.getByText(/Opened/)).toBeTruthy();
    // A member's markup is text, never elements.
    expect(screen.getByText('Yes! <script>alert(1)</script>')).toBeTruthy();
    expect(document.querySelector('article script')).toBeNull();
  });

  it('sends a reply with the thread subject and refuses an empty one', async () => {
    renderThread();
    const reply = screen.getByRole('form', { name: 'Reply' });
    fireEvent.click(within(reply).getByRole('button', { name: 'Send reply' }));
    expect(await within(reply).findByText('Please enter a message')).toBeTruthy();
    fireEvent.change(within(reply).getByLabelText('Reply'), {
      target: { value: 'Great, see you' },
    });
    fireEvent.click(within(reply).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(posts).toEqual([{ subject: 'Re: Your class', content: 'Great, see you' }]),
    );
  });
});
