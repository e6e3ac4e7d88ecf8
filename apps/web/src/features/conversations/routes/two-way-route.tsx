import { useSearchParams } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import type { ConversationFilters } from '@/lib/query-keys';
import { useCurrentOrganization, useMe } from '@/lib/session';
import { useConversation } from '../api/get-conversation';
import { useConversations } from '../api/list-conversations';
import { ConversationControls } from '../components/conversation-controls';
import { ConversationList } from '../components/conversation-list';
import { ConversationThread } from '../components/conversation-thread';
import { useReadOnView } from '../components/use-read-on-view';

const STATUSES: Array<[ConversationFilters['status'], string]> = [
  ['open', 'Open'],
  ['resolved', 'Resolved'],
  ['all', 'All'],
];

/** /communications/two-way: the inbox of conversations and the selected thread, live. */
export function TwoWayRoute() {
  const { organization } = useCurrentOrganization();
  if (!organization) return null;
  return <TwoWayPage key={organization.id} />;
}

function TwoWayPage() {
  // The filters and the open thread live in the URL: a link opens the same view.
  const [params, setParams] = useSearchParams();
  const status = (STATUSES.find(([s]) => s === params.get('status'))?.[0] ??
    'open') as ConversationFilters['status'];
  const assignee: ConversationFilters['assignee'] =
    params.get('assignee') === 'me' ? 'me' : 'anyone';
  const selectedId = params.get('conversation');
  const conversations = useConversations({ status, assignee });
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes))
          if (value === null) next.delete(key);
          else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const list = conversations.data ?? [];
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Two-Way Messaging</h1>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card>
          <CardHeader className="space-y-3">
            <CardTitle>Inbox</CardTitle>
            <div className="flex flex-wrap gap-2">
              <FilterButtons
                label="Status"
                value={status}
                options={STATUSES}
                onChange={(value) => set({ status: value, conversation: null })}
              />
              <FilterButtons
                label="Assignee"
                value={assignee}
                options={[
                  ['anyone', 'Anyone'],
                  ['me', 'Assigned to me'],
                ]}
                onChange={(value) => set({ assignee: value, conversation: null })}
              />
            </div>
          </CardHeader>
          <CardContent>
            {conversations.isPending ? (
              <p className="text-sm text-muted-foreground">Loading conversations...</p>
            ) : conversations.isError ? (
              <p className="text-sm text-destructive">Conversations could not be loaded.</p>
            ) : list.length === 0 ? (
              <p className="text-sm text-muted-foreground">No conversations here.</p>
            ) : (
              <ConversationList
                label="Conversations"
                conversations={list}
                selectedId={selectedId}
                onSelect={(c) => set({ conversation: c.id })}
              />
            )}
          </CardContent>
        </Card>
        {selectedId ? (
          <ThreadCard conversationId={selectedId} />
        ) : (
          <Card>
            <CardContent className="py-10 text-center text-sm text-muted-foreground">
              Choose a conversation to read it and reply.
            </CardContent>
          </Card>
        )}
      </div>
    </div>
  );
}

/** A filter as a group of toggle buttons (no tab panels to point at). */
function FilterButtons({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<readonly [string, string]>;
  onChange: (value: string) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex gap-1">
      {options.map(([option, text]) => (
        <Button
          key={option}
          size="sm"
          variant={option === value ? 'default' : 'outline'}
          aria-pressed={option === value}
          onClick={() => onChange(option)}
        >
          {text}
        </Button>
      ))}
    </div>
  );
}

function ThreadCard({ conversationId }: { conversationId: string }) {
  const conversation = useConversation(conversationId);
  const me = useMe();
  useReadOnView(conversation.data);
  if (conversation.isPending)
    return (
      <Card>
        <CardContent className="py-10 text-sm text-muted-foreground">Loading...</CardContent>
      </Card>
    );
  if (conversation.isError || !conversation.data)
    return (
      <Card>
        <CardContent className="py-10 text-sm text-destructive">
          This conversation could not be loaded.
        </CardContent>
      </Card>
    );
  const data = conversation.data;
  return (
    <Card>
      <CardHeader className="space-y-3">
        <CardTitle>
          <h2>{data.memberName}</h2>
        </CardTitle>
        <p className="text-sm text-muted-foreground">{data.memberEmail ?? 'No email'}</p>
        <ConversationControls conversation={data} currentUserId={me.data?.user.id} />
      </CardHeader>
      <CardContent>
        <ConversationThread conversation={data} />
      </CardContent>
    </Card>
  );
}
