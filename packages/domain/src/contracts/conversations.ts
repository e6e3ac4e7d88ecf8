import { z } from 'zod';
import {
  CONVERSATION_STATUSES,
  DELIVERY_STATUSES,
  MESSAGE_DIRECTIONS,
} from '../connect-constants.ts';

/**
 * 1:1 messages and two-way messaging (docs/product/connect-and-messaging.md#11-messages-and-two-way-messaging):
 * each member has one conversation with every message in and out.
 */

export const sendMessageSchema = z.object({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(200, 'Subject is at most 200 characters'),
  content: z
    .string({ error: 'Please enter a message' })
    .trim()
    .min(1, 'Please enter a message')
    .max(50_000, 'The message is at most 50,000 characters'),
  templateId: z.uuid('Template id must be a UUID').nullable().optional(),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  subject: z.string(),
  body: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** Outbound: the staff member who wrote it. */
  sentByName: z.string().nullable(),
  /** Inbound: the sender's address. */
  fromAddress: z.string().nullable(),
  /** Outbound: the first human open (machine opens are not counted). */
  openedAt: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  /** null for a household member without one: the studio messages their payer instead. */
  memberEmail: z.string().nullable(),
  status: z.enum(CONVERSATION_STATUSES),
  assigneeUserId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  unreadCount: z.number().int(),
  lastMessageAt: z.string().nullable(),
  lastMessage: z
    .object({
      direction: z.enum(MESSAGE_DIRECTIONS),
      subject: z.string(),
      /** The first 140 characters of the body. */
      preview: z.string(),
    })
    .nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListSchema = z.object({
  conversations: z.array(conversationSummarySchema),
});

export const conversationFiltersSchema = z.object({
  status: z.enum(['open', 'resolved', 'all'], 'Status is open, resolved or all').default('open'),
  assignee: z.enum(['me', 'anyone'], 'Assignee is me or anyone').default('anyone'),
});

export const conversationSchema = conversationSummarySchema.extend({
  /** Oldest first. */
  messages: z.array(messageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** A member's thread: null before anyone wrote to them. */
export const memberConversationSchema = z.object({
  conversation: conversationSchema.nullable(),
});

export const conversationUpdateSchema = z
  .object({
    status: z.enum(CONVERSATION_STATUSES, 'Status is open or resolved').optional(),
    assigneeUserId: z.string().min(1, 'Choose a staff member').nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.assigneeUserId !== undefined, {
    message: 'Change the status or the assignee',
    path: ['status'],
  });
export type ConversationUpdate = z.input<typeof conversationUpdateSchema>;

export const sentMessageSchema = z.object({
  message: messageSchema,
  conversationId: z.string(),
});

export const messageStatsSchema = z.object({
  /** Outbound 1:1 messages sent. */
  messagesSent: z.number().int(),
  /** Rounded percent of sent messages opened by a person; null when none was sent. */
  openRate: z.number().int().nullable(),
  /** Email templates not archived. */
  activeTemplates: z.number().int(),
});
export type MessageStats = z.infer<typeof messageStatsSchema>;

export const recentMessagesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit is at least 1')
    .max(50, 'Limit is at most 50')
    .default(3),
});

export const recentMessageSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  subject: z.string(),
  /** The first 140 characters. */
  body: z.string(),
  createdAt: z.string(),
});
export type RecentMessage = z.infer<typeof recentMessageSchema>;

export const recentMessagesSchema = z.object({ messages: z.array(recentMessageSchema) });

export const PREVIEW_LENGTH = 140;
