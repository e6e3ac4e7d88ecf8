import type { Conversation } from '@fitbase/domain/contracts/conversations';
import { CheckCircle2, RotateCcw, UserCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useAssignees } from '../api/list-assignees';
import { useUpdateConversation } from '../api/update-conversation';

/** Radix Select has no empty value: this stands for "nobody". */
const UNASSIGNED = 'unassigned';

/** Status and assignee of a conversation: assign to me or someone, resolve or reopen. */
export function ConversationControls({
  conversation,
  currentUserId,
}: {
  conversation: Conversation;
  currentUserId: string | undefined;
}) {
  const update = useUpdateConversation();
  const assignees = useAssignees();
  const change = (
    changes: { status?: 'open' | 'resolved'; assigneeUserId?: string | null },
    done: string,
  ) =>
    update.mutate(
      { id: conversation.id, changes },
      {
        onSuccess: () => formSuccess(done),
        onError: (error) =>
          reportError(error, { fallback: 'Failed to update conversation', formToast: true }),
      },
    );
  const resolved = conversation.status === 'resolved';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge variant={resolved ? 'secondary' : 'default'}>{resolved ? 'Resolved' : 'Open'}</Badge>
      {currentUserId && conversation.assigneeUserId !== currentUserId ? (
        <Button
          variant="outline"
          size="sm"
          disabled={update.isPending}
          onClick={() => change({ assigneeUserId: currentUserId }, 'Assigned to you')}
        >
          <UserCheck aria-hidden /> Assign to me
        </Button>
      ) : null}
      <Select
        value={conversation.assigneeUserId ?? UNASSIGNED}
        disabled={update.isPending || !assignees.data}
        onValueChange={(value) =>
          change(
            { assigneeUserId: value === UNASSIGNED ? null : value },
            value === UNASSIGNED ? 'Conversation unassigned' : 'Conversation assigned',
          )
        }
      >
        <SelectTrigger size="sm" className="w-48" aria-label="Assignee">
          <SelectValue placeholder={conversation.assigneeName ?? 'Unassigned'} />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={UNASSIGNED}>Unassigned</SelectItem>
          {(assignees.data ?? []).map((person) => (
            <SelectItem key={person.userId} value={person.userId}>
              {person.fullName ?? person.email}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Button
        variant={resolved ? 'outline' : 'default'}
        size="sm"
        disabled={update.isPending}
        onClick={() =>
          change(
            { status: resolved ? 'open' : 'resolved' },
            resolved ? 'Conversation reopened' : 'Conversation resolved',
          )
        }
      >
        {resolved ? <RotateCcw aria-hidden /> : <CheckCircle2 aria-hidden />}
        {resolved ? 'Reopen' : 'Resolve'}
      </Button>
    </div>
  );
}
