import {
  CONVERSATION_STATUSES,
  DELIVERY_STATUSES,
  MESSAGE_DIRECTIONS,
  TASK_PRIORITIES,
} from '@fitbase/domain/connect-constants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, oneOf, updatedAt } from './columns.ts';
import { audiences, automationRuns, emailTemplates } from './connect.ts';
import { members } from './members.ts';
import { organizationUsers } from './organizations.ts';
import { organizationId, timestamptz } from './tenant-columns.ts';

// Communications (docs/product/connect-and-messaging.md): one conversation per member with every
// message in and out, staff tasks, and sent push notifications.

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    memberId: uuid('member_id').notNull(),
    status: text('status', { enum: CONVERSATION_STATUSES }).notNull().default('open'),
    assigneeUserId: text('assignee_user_id'),
    /**
     * The secret part of the thread's reply address (reply+{token}@{inbound domain}): random,
     * so an address can be neither guessed nor enumerated.
     */
    replyToken: text('reply_token').notNull(),
    lastMessageAt: timestamptz('last_message_at'),
    /** Inbound messages staff have not read yet. */
    unreadCount: integer('unread_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'conversations_pkey', columns: [t.organizationId, t.id] }),
    uniqueIndex('conversations_org_member_idx').on(t.organizationId, t.memberId),
    // Looked up before the studio is known: the secret leads; organization_id follows, as a
    // sharded database needs it in every unique key.
    uniqueIndex('conversations_reply_token_idx').on(t.replyToken, t.organizationId),
    index('conversations_org_last_idx').on(t.organizationId, t.lastMessageAt.desc()),
    // The home's Unread Messages card sums only the threads with something unread.
    index('conversations_org_unread_idx')
      .on(t.organizationId, t.unreadCount)
      .where(sql`${t.unreadCount} > 0`),
    check('conversations_status_check', oneOf(t.status, CONVERSATION_STATUSES)),
    check('conversations_unread_check', sql`${t.unreadCount} >= 0`),
    foreignKey({
      name: 'conversations_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'conversations_assignee_fk',
      columns: [t.organizationId, t.assigneeUserId],
      foreignColumns: [organizationUsers.organizationId, organizationUsers.userId],
    }).onDelete('set null (assignee_user_id)' as 'set null'),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    conversationId: uuid('conversation_id').notNull(),
    direction: text('direction', { enum: MESSAGE_DIRECTIONS }).notNull(),
    subject: text('subject').notNull(),
    /** Plain text (inbound: the text part; outbound: the Markdown written). */
    body: text('body').notNull(),
    templateId: uuid('template_id'),
    /** Outbound delivery; inbound messages are `sent` (received). */
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('queued'),
    sentBy: text('sent_by').references(() => users.id, { onDelete: 'set null' }),
    fromAddress: text('from_address'),
    /** The Message-ID header, for threading replies. */
    messageIdHeader: text('message_id_header'),
    firstOpenedAt: timestamptz('first_opened_at'),
    readAt: timestamptz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'messages_pkey', columns: [t.organizationId, t.id] }),
    index('messages_org_conversation_idx').on(t.organizationId, t.conversationId, t.createdAt),
    index('messages_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    check('messages_direction_check', oneOf(t.direction, MESSAGE_DIRECTIONS)),
    check('messages_status_check', oneOf(t.status, DELIVERY_STATUSES)),
    foreignKey({
      name: 'messages_conversation_fk',
      columns: [t.organizationId, t.conversationId],
      foreignColumns: [conversations.organizationId, conversations.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'messages_template_fk',
      columns: [t.organizationId, t.templateId],
      foreignColumns: [emailTemplates.organizationId, emailTemplates.id],
    }).onDelete('set null (template_id)' as 'set null'),
  ],
);

export const staffTasks = pgTable(
  'staff_tasks',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    title: text('title').notNull(),
    notes: text('notes'),
    assigneeUserId: text('assignee_user_id'),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    priority: text('priority', { enum: TASK_PRIORITIES }).notNull().default('medium'),
    doneAt: timestamptz('done_at'),
    memberId: uuid('member_id'),
    /** Made by an automation's "notify staff" step. */
    automationRunId: uuid('automation_run_id'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'staff_tasks_pkey', columns: [t.organizationId, t.id] }),
    index('staff_tasks_org_due_idx').on(t.organizationId, t.dueOn),
    check('staff_tasks_priority_check', oneOf(t.priority, TASK_PRIORITIES)),
    foreignKey({
      name: 'staff_tasks_assignee_fk',
      columns: [t.organizationId, t.assigneeUserId],
      foreignColumns: [organizationUsers.organizationId, organizationUsers.userId],
    }).onDelete('set null (assignee_user_id)' as 'set null'),
    foreignKey({
      name: 'staff_tasks_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('set null (member_id)' as 'set null'),
    foreignKey({
      name: 'staff_tasks_run_fk',
      columns: [t.organizationId, t.automationRunId],
      foreignColumns: [automationRuns.organizationId, automationRuns.id],
    }).onDelete('set null (automation_run_id)' as 'set null'),
  ],
);

/** A sent push notification and its reach (delivered by Web Push or, failing that, email). */
export const pushNotifications = pgTable(
  'push_notifications',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    message: text('message').notNull(),
    /** null = everyone. */
    audienceId: uuid('audience_id'),
    isMarketing: boolean('is_marketing').notNull().default(false),
    /** Members it went to (after consent), by channel. */
    recipientCount: integer('recipient_count').notNull().default(0),
    pushCount: integer('push_count').notNull().default(0),
    emailCount: integer('email_count').notNull().default(0),
    sentBy: text('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'push_notifications_pkey', columns: [t.organizationId, t.id] }),
    index('push_notifications_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    foreignKey({
      name: 'push_notifications_audience_fk',
      columns: [t.organizationId, t.audienceId],
      foreignColumns: [audiences.organizationId, audiences.id],
    }).onDelete('set null (audience_id)' as 'set null'),
  ],
);
