import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useMemberConversation } from '../api/get-member-conversation';
import { ComposeMessageDialog } from './compose-message-dialog';
import { ConversationThread } from './conversation-thread';
import { useReadOnView } from './use-read-on-view';

/** The member dashboard's Messages card: the Message button and the member's conversation. */
export function MemberMessages({ memberId, memberName }: { memberId: string; memberName: string }) {
  const [composing, setComposing] = useState(false);
  const conversation = useMemberConversation(memberId);
  useReadOnView(conversation.data);
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>
          <h2>Messages</h2>
        </CardTitle>
        <Button size="sm" onClick={() => setComposing(true)}>
          <Mail aria-hidden /> Message
        </Button>
      </CardHeader>
      <CardContent>
        {conversation.isPending ? (
          <p className="text-sm text-muted-foreground">Loading messages...</p>
        ) : conversation.isError ? (
          <p className="text-sm text-destructive">Messages could not be loaded.</p>
        ) : conversation.data ? (
          <ConversationThread conversation={conversation.data} />
        ) : (
          <p className="text-sm text-muted-foreground">No messages with {memberName} yet.</p>
        )}
      </CardContent>
      <ComposeMessageDialog
        open={composing}
        onOpenChange={setComposing}
        member={{ id: memberId, name: memberName }}
      />
    </Card>
  );
}
