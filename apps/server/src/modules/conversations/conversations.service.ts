import type {
  Conversation,
  ConversationSummary,
  Message,
  MessageStats,
  RecentMessage,
} from '@fitbase/domain/contracts/conversations';
import { PREVIEW_LENGTH } from '@fitbase/domain/contracts/conversations';
import type { RealtimeAction } from '@fitbase/domain/contracts/events';
import type { Db, Tx } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { StudioScope } from '../../http/types.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  assertKnownMergeFields,
  getTemplate,
  listTemplates,
} from '../email-templates/email-templates.service.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { messageSendJob } from './conversations.jobs.ts';
import * as queries from './conversations.queries.ts';
import { ensureConversationTokens } from './reply-address.queries.ts';

/**
 * 1:1 messages and the two-way inbox (docs/product/connect-and-messaging.md#11-messages-and-two-way-messaging).
 * A 1:1 message is a service message, not marketing: it goes to any member with an email.
 */

type Scope = Pick<StudioScope, 'organizationId' | 'userId' | 'db'>;
/** A write's scope: its announcements go out with the request's unit of work. */
type WriteScope = Pick<StudioScope, 'organizationId' | 'userId' | 'work' | 'db'>;

const preview = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_LENGTH);

export const notifyMessages = (
  unit: UnitOfWork,
  organizationId: string,
  action: RealtimeAction,
  ids: string[],
) => publishChange(unit, { organizationId, entity: 'messages', action, ids });

function serializeMessage(row: queries.MessageRow, sentByName: string | null): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    direction: row.direction,
    subject: row.subject,
    body: row.body,
    status: row.status,
    sentByName,
    fromAddress: row.fromAddress,
    openedAt: row.firstOpenedAt?.toISOString() ?? null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

type SummaryRow = NonNullable<Awaited<ReturnType<typeof queries.findConversation>>>;

function serializeSummary(
  row: SummaryRow,
  last: { direction: 'in' | 'out'; subject: string; body: string } | undefined,
): ConversationSummary {
  return {
    id: row.id,
    memberId: row.memberId,
    memberName: row.memberName,
    memberEmail: row.memberEmail,
    status: row.status,
    assigneeUserId: row.assigneeUserId,
    assigneeName: row.assigneeName,
    unreadCount: row.unreadCount,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    lastMessage: last
      ? { direction: last.direction, subject: last.subject, preview: preview(last.body) }
      : null,
  };
}

/**
 * POST /api/members/{id}/messages: stores the message (queued) in the member's conversation
 * and enqueues its sending in the same transaction, so a message exists exactly when its job does.
 * `now`: when it was written; default the database's clock (the demo's history).
 */
export async function sendMessage(
  scope: WriteScope,
  memberId: string,
  input: { subject: string; content: string; templateId?: string | null },
  now?: Date,
): Promise<{ message: Message; conversationId: string }> {
  const { organizationId } = scope;
  const member = await queries.findMember(scope.db, organizationId, memberId);
  if (!member) throw notFound('Member');
  // A household member without an email is reached through their payer, who is a member too.
  if (!member.email) {
    const message = `${member.firstName} has no email: message the payer of their household instead.`;
    throw new AppError('validation_error', message);
  }
  assertKnownMergeFields({ subject: input.subject, content: input.content });
  const templateId = input.templateId ?? null;
  // Another studio's template answers like a missing one.
  if (templateId) await getTemplate(scope, templateId);
  await ensureConversationTokens(scope.db, organizationId, [memberId]);
  const conversationId = (await queries.conversationIdOfMember(
    scope.db,
    organizationId,
    memberId,
  ))!;
  const row = await queries.insertMessage(
    scope.db,
    {
      organizationId,
      conversationId,
      direction: 'out',
      subject: input.subject,
      body: input.content,
      templateId,
      status: 'queued',
      sentBy: scope.userId,
    },
    now,
  );
  await queries.touchConversation(scope.db, organizationId, conversationId, false, now);
  await enqueueJob(scope.work, messageSendJob, { organizationId, messageId: row.id });
  notifyMessages(scope.work, organizationId, 'created', [conversationId]);
  return { message: serializeMessage(row, null), conversationId };
}

export async function listConversations(
  scope: Scope,
  filters: { status: 'open' | 'resolved' | 'all'; assignee: 'me' | 'anyone' },
): Promise<{ conversations: ConversationSummary[] }> {
  const rows = await queries.listConversations(scope.db, scope.organizationId, {
    status: filters.status === 'all' ? null : filters.status,
    assigneeUserId: filters.assignee === 'me' ? scope.userId : null,
  });
  const last = new Map(
    (
      await queries.lastMessages(
        scope.db,
        scope.organizationId,
        rows.map((r) => r.id),
      )
    ).map((m) => [m.conversationId, m]),
  );
  return { conversations: rows.map((row) => serializeSummary(row, last.get(row.id))) };
}

async function loadThread(db: Db | Tx, organizationId: string, id: string) {
  const row = await queries.findConversation(db, organizationId, id);
  if (!row) return null;
  const thread = await queries.threadMessages(db, organizationId, id);
  const messages = thread.map((t) => serializeMessage(t.message, t.sentByName));
  const lastRow = thread.at(-1)?.message;
  return { ...serializeSummary(row, lastRow), messages } satisfies Conversation;
}

/**
 * GET /api/conversations/{id}: the thread. Reading is free of writes (GET requests run on a
 * read-only connection); the browser marks it read when it shows it (`markConversationRead`).
 */
export async function getConversation(scope: Scope, id: string): Promise<Conversation> {
  const thread = await loadThread(scope.db, scope.organizationId, id);
  if (!thread) throw notFound('Conversation');
  return thread;
}

/** POST /api/conversations/{id}/read: its inbound messages are read, its unread count 0. */
export async function markConversationRead(scope: WriteScope, id: string): Promise<Conversation> {
  const { organizationId } = scope;
  if (!(await queries.findConversation(scope.db, organizationId, id)))
    throw notFound('Conversation');
  // Other staff see the unread badge go away.
  if (await queries.markThreadRead(scope.db, organizationId, id))
    notifyMessages(scope.work, organizationId, 'updated', [id]);
  return (await loadThread(scope.db, organizationId, id))!;
}

/** GET /api/members/{id}/conversation: the member dashboard's thread (null before any message). */
export async function memberConversation(
  scope: Scope,
  memberId: string,
): Promise<{ conversation: Conversation | null }> {
  const { organizationId } = scope;
  if (!(await queries.findMember(scope.db, organizationId, memberId))) throw notFound('Member');
  const id = await queries.conversationIdOfMember(scope.db, organizationId, memberId);
  if (!id) return { conversation: null };
  const conversation = await getConversation(scope, id);
  // A campaign made the reply address, but nobody wrote yet: nothing to show.
  return { conversation: conversation.messages.length ? conversation : null };
}

export async function updateConversation(
  scope: WriteScope,
  id: string,
  input: { status?: 'open' | 'resolved'; assigneeUserId?: string | null },
): Promise<Conversation> {
  const { organizationId } = scope;
  if (!(await queries.findConversation(scope.db, organizationId, id)))
    throw notFound('Conversation');
  if (
    input.assigneeUserId &&
    !(await queries.isStaffOf(scope.db, organizationId, input.assigneeUserId))
  )
    throw new AppError(
      'validation_error',
      'Assign the conversation to a staff member of this studio',
      {
        assigneeUserId: 'Assign the conversation to a staff member of this studio',
      },
    );
  await queries.updateConversation(scope.db, organizationId, id, {
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.assigneeUserId !== undefined ? { assigneeUserId: input.assigneeUserId } : {}),
  });
  notifyMessages(scope.work, organizationId, 'updated', [id]);
  return (await loadThread(scope.db, organizationId, id))!;
}

/** GET /api/messages/stats: computed, never fixed. */
export async function messageStats(scope: Scope): Promise<MessageStats> {
  const { sent, opened } = await queries.outboundCounts(scope.db, scope.organizationId);
  return {
    messagesSent: sent,
    openRate: sent === 0 ? null : Math.round((opened / sent) * 100),
    activeTemplates: (await listTemplates(scope)).activeCount,
  };
}

/** GET /api/messages/recent: the staff dashboard's Messages card. */
export async function recentMessages(
  scope: Scope,
  limit: number,
): Promise<{ messages: RecentMessage[] }> {
  const rows = await queries.recentMessages(scope.db, scope.organizationId, limit);
  return {
    messages: rows.map((row) => ({
      id: row.id,
      memberId: row.memberId,
      memberName: row.memberName,
      direction: row.direction,
      subject: row.subject,
      body: preview(row.body),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
