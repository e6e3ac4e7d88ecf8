import type { Conversation } from '@fitbase/domain/contracts/conversations';
import { useEffect, useRef } from 'react';
import { useMarkConversationRead } from '../api/mark-conversation-read';

/**
 * Marks a shown conversation read whenever it has unread replies, including replies that arrive
 * live while it is on screen. Once per newest message: a failure is not retried in a loop.
 */
export function useReadOnView(conversation: Conversation | null | undefined) {
  const { mutate } = useMarkConversationRead();
  const done = useRef<string | null>(null);
  const unread = conversation?.unreadCount ?? 0;
  const key = conversation ? `${conversation.id}:${conversation.lastMessageAt}` : null;
  useEffect(() => {
    if (!conversation || !key || unread === 0 || done.current === key) return;
    done.current = key;
    mutate(conversation.id);
  }, [conversation, key, unread, mutate]);
}
