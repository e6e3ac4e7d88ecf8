import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentOrganization } from '@/lib/session';
import { useConversations } from '../api/list-conversations';
import { ComposeMessageDialog } from '../components/compose-message-dialog';
import { ConversationList } from '../components/conversation-list';
import { MessageStatsCards } from '../components/message-stats-cards';

const RECENT_COUNT = 10;

/** /communications/messages (docs/product/connect-and-messaging.md#11-messages-and-two-way-messaging). */
export function MessagesRoute() {
  const { organization } = useCurrentOrganization();
  if (!organization) return null;
  return <MessagesPage key={organization.id} />;
}

function MessagesPage() {
  const [composing, setComposing] = useState(false);
  const navigate = useNavigate();
  const conversations = useConversations({ status: 'all', assignee: 'anyone' });
  const open = (id: string) => void navigate(`/communications/two-way?conversation=${id}`);
  const recent = conversations.data?.slice(0, RECENT_COUNT) ?? [];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">1:1 Messages</h1>
        <Button onClick={() => setComposing(true)}>
          <Plus aria-hidden /> New Message
        </Button>
      </div>
      <MessageStatsCards />
      <Card>
        <CardHeader>
          <CardTitle>Recent conversations</CardTitle>
        </CardHeader>
        <CardContent>
          {conversations.isPending ? (
            <p className="text-sm text-muted-foreground">Loading conversations...</p>
          ) : conversations.isError ? (
            <p className="text-sm text-destructive">Conversations could not be loaded.</p>
          ) : recent.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No messages yet. Write to a member with New Message.
            </p>
          ) : (
            <ConversationList
              label="Recent conversations"
              conversations={recent}
              onSelect={(c) => open(c.id)}
            />
          )}
        </CardContent>
      </Card>
      <ComposeMessageDialog open={composing} onOpenChange={setComposing} onSent={open} />
    </div>
  );
}
