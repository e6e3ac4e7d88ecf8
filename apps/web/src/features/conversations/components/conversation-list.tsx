import type { ConversationSummary } from '@fitbase/domain/contracts/conversations';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { formatMessageTime } from './message-format';

/** Conversations newest first: member, last message, unread count, status and assignee. */
export function ConversationList({
  conversations,
  selectedId,
  onSelect,
  label,
}: {
  conversations: ConversationSummary[];
  selectedId?: string | null;
  onSelect: (conversation: ConversationSummary) => void;
  label: string;
}) {
  const { locale } = useStudioFormat();
  return (
    <ul className="divide-y rounded-md border" aria-label={label}>
      {conversations.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            onClick={() => onSelect(c)}
            aria-current={c.id === selectedId ? 'true' : undefined}
            className={cn(
              'flex w-full flex-col gap-1 px-4 py-3 text-left text-sm hover:bg-muted/50 focus-visible:outline-2',
              c.id === selectedId && 'bg-muted',
            )}
          >
            <span className="flex items-center gap-2">
              <span className={cn('flex-1 truncate', c.unreadCount > 0 && 'font-semibold')}>
                {c.memberName}
              </span>
              {c.unreadCount > 0 ? (
                <Badge aria-label={`${c.unreadCount} unread`}>{c.unreadCount}</Badge>
              ) : null}
              {c.lastMessageAt ? (
                <time className="text-xs text-muted-foreground" dateTime={c.lastMessageAt}>
                  {formatMessageTime(c.lastMessageAt, undefined, locale)}
                </time>
              ) : null}
            </span>
            {c.lastMessage ? (
              <span className="truncate text-muted-foreground">
                {c.lastMessage.direction === 'in' ? '' : 'You: '}
                {c.lastMessage.subject} — {c.lastMessage.preview}
              </span>
            ) : null}
            <span className="flex gap-2 text-xs text-muted-foreground">
              <span>{c.status === 'resolved' ? 'Resolved' : 'Open'}</span>
              <span>· {c.assigneeName ? `Assigned to ${c.assigneeName}` : 'Unassigned'}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
