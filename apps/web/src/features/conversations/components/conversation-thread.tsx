import type { Conversation, Message } from '@fitbase/domain/contracts/conversations';
import { sendMessageSchema } from '@fitbase/domain/contracts/conversations';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { Form } from '@/components/form/form';
import { TextareaField } from '@/components/form/text-fields';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formSuccess } from '@/lib/form-feedback';
import { cn } from '@/lib/utils';
import { reportError } from '@/lib/report-error';
import { useSendMessage } from '../api/send-message';
import { formatMessageTime } from './message-format';

const replySchema = sendMessageSchema.pick({ content: true });
type ReplyForm = z.input<typeof replySchema>;
type ReplyOutput = z.output<typeof replySchema>;

function deliveryText(message: Message): string {
  if (message.status === 'queued') return 'Sending';
  if (message.status === 'failed') return 'Not delivered';
  return message.openedAt ? 'Opened' : 'Sent';
}

function MessageBubble({ message, memberName }: { message: Message; memberName: string }) {
  const inbound = message.direction === 'in';
  const { locale } = useStudioFormat();
  return (
    <li className={cn('flex', inbound ? 'justify-start' : 'justify-end')}>
      <article
        aria-label={`${inbound ? `From ${memberName}` : 'Sent'}: ${message.subject}`}
        className={cn(
          'max-w-[85%] rounded-lg border px-4 py-3 text-sm',
          inbound ? 'bg-muted/50' : 'bg-primary/5',
        )}
      >
        <header className="mb-1 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
          <span className="font-medium text-foreground">
            {inbound ? memberName : (message.sentByName ?? 'Staff')}
          </span>
          <time dateTime={message.createdAt}>
            {formatMessageTime(message.createdAt, undefined, locale)}
          </time>
          {inbound ? null : <span>· {deliveryText(message)}</span>}
        </header>
        <p className="font-medium">{message.subject}</p>
        {/* Plain text, never HTML: what a member wrote cannot run in a staff browser. */}
        <p className="mt-1 whitespace-pre-wrap break-words">{message.body}</p>
      </article>
    </li>
  );
}

/** Every message in and out, oldest first, and a reply box (sent by email like any message). */
export function ConversationThread({ conversation }: { conversation: Conversation }) {
  return (
    <div className="space-y-4">
      <ol className="space-y-3" aria-label={`Conversation with ${conversation.memberName}`}>
        {conversation.messages.map((message) => (
          <MessageBubble key={message.id} message={message} memberName={conversation.memberName} />
        ))}
      </ol>
      <ReplyBox conversation={conversation} />
    </div>
  );
}

function replySubject(conversation: Conversation): string {
  const last = conversation.messages.at(-1)?.subject ?? 'Message';
  return /^re:/i.test(last) ? last : `Re: ${last}`;
}

function ReplyBox({ conversation }: { conversation: Conversation }) {
  const form = useForm<ReplyForm, unknown, ReplyOutput>({
    resolver: zodResolver(replySchema),
    defaultValues: { content: '' },
  });
  const send = useSendMessage();
  const onSubmit = async ({ content }: ReplyOutput) => {
    try {
      await send.mutateAsync({
        memberId: conversation.memberId,
        input: { subject: replySubject(conversation), content },
      });
      form.reset({ content: '' });
      formSuccess('Message sent');
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to send message',
        form: { setError: form.setError, fields: ['content'] },
      });
    }
  };
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !send.isPending}
      idPrefix={`reply-${conversation.id}`}
      schema={replySchema}
      className="space-y-2"
      aria-label="Reply"
    >
      <TextareaField
        control={form.control}
        name="content"
        label="Reply"
        rows={3}
        placeholder={`Write to ${conversation.memberName}`}
      />
      <div className="flex items-center justify-between gap-2">
        <Badge variant="outline">{replySubject(conversation)}</Badge>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send reply'}
        </Button>
      </div>
    </Form>
  );
}
