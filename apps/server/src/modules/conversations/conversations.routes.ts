import { z } from '@hono/zod-openapi';
import {
  conversationFiltersSchema,
  conversationListSchema,
  conversationSchema,
  conversationUpdateSchema,
  memberConversationSchema,
  messageStatsSchema,
  recentMessagesQuerySchema,
  recentMessagesSchema,
  sendMessageSchema,
  sentMessageSchema,
} from '@fitbase/domain/contracts/conversations';
import { publicRoute, studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import {
  listConversations,
  memberConversation,
  messageStats,
  getConversation,
  markConversationRead,
  recentMessages,
  sendMessage,
  updateConversation,
} from './conversations.service.ts';
import { recordMessageOpen } from './messages-send.service.ts';

const memberParams = z.object({ id: z.uuid('Member id must be a UUID') });
const conversationParams = z.object({ id: z.uuid('Conversation id must be a UUID') });
const TAGS = ['Messages'];

const sendRoute = studioRoute({
  method: 'post',
  path: '/api/members/{id}/messages',
  permission: 'messages.send',
  tags: TAGS,
  summary: "Email a member from FitBase (1:1 message, in the member's conversation)",
  request: { params: memberParams, body: jsonBody(sendMessageSchema) },
  responses: { 201: jsonContent(sentMessageSchema, 'Queued for sending'), ...errorResponses },
});

const memberConversationRoute = studioRoute({
  method: 'get',
  path: '/api/members/{id}/conversation',
  permission: 'messages.send',
  tags: TAGS,
  summary: "The member's conversation, oldest message first (null before any message)",
  request: { params: memberParams },
  responses: { 200: jsonContent(memberConversationSchema), ...errorResponses },
});

const listRoute = studioRoute({
  method: 'get',
  path: '/api/conversations',
  permission: 'messages.send',
  tags: TAGS,
  summary: 'The two-way inbox: conversations newest first',
  request: { query: conversationFiltersSchema },
  responses: { 200: jsonContent(conversationListSchema), ...errorResponses },
});

const getRoute = studioRoute({
  method: 'get',
  path: '/api/conversations/{id}',
  permission: 'messages.send',
  tags: TAGS,
  summary: 'A conversation with every message in and out, oldest first',
  request: { params: conversationParams },
  responses: { 200: jsonContent(conversationSchema), ...errorResponses },
});

const readRoute = studioRoute({
  method: 'post',
  path: '/api/conversations/{id}/read',
  permission: 'messages.send',
  tags: TAGS,
  summary: "Mark a conversation's replies read (staff opened it): its unread count becomes 0",
  request: { params: conversationParams },
  responses: { 200: jsonContent(conversationSchema), ...errorResponses },
});

const updateRoute = studioRoute({
  method: 'patch',
  path: '/api/conversations/{id}',
  permission: 'messages.send',
  tags: TAGS,
  summary: 'Resolve or reopen a conversation, or assign it',
  request: { params: conversationParams, body: jsonBody(conversationUpdateSchema) },
  responses: { 200: jsonContent(conversationSchema), ...errorResponses },
});

const statsRoute = studioRoute({
  method: 'get',
  path: '/api/messages/stats',
  permission: 'messages.send',
  tags: TAGS,
  summary: 'Messages sent, open rate of 1:1 messages, active templates',
  responses: { 200: jsonContent(messageStatsSchema), ...errorResponses },
});

const recentRoute = studioRoute({
  method: 'get',
  path: '/api/messages/recent',
  permission: 'messages.send',
  tags: TAGS,
  summary: 'The latest messages in and out, newest first (staff dashboard)',
  request: { query: recentMessagesQuerySchema },
  responses: { 200: jsonContent(recentMessagesSchema), ...errorResponses },
});

const openRoute = publicRoute({
  method: 'get',
  path: '/api/message-opens/{token}',
  tags: ['Public'],
  summary: "A 1:1 message's open pixel (signed link, public)",
  request: { params: z.object({ token: z.string().max(400) }) },
  responses: {
    200: { description: 'A 1×1 transparent GIF', content: { 'image/gif': { schema: z.any() } } },
    ...errorResponses,
  },
});

/** The smallest transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export function conversationRoutes() {
  const app = createRouter();
  app.openapi(sendRoute, async (c) => {
    const studio = c.get('studio');
    const result = await sendMessage(studio, c.req.valid('param').id, c.req.valid('json'));
    return c.json(result, 201);
  });
  app.openapi(memberConversationRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await memberConversation(studio, c.req.valid('param').id), 200);
  });
  app.openapi(listRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await listConversations(studio, c.req.valid('query')), 200);
  });
  app.openapi(getRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await getConversation(studio, c.req.valid('param').id), 200);
  });
  app.openapi(readRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await markConversationRead(studio, c.req.valid('param').id), 200);
  });
  app.openapi(updateRoute, async (c) => {
    const studio = c.get('studio');
    const { id } = c.req.valid('param');
    return c.json(await updateConversation(studio, id, c.req.valid('json')), 200);
  });
  app.openapi(statsRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await messageStats(studio), 200);
  });
  app.openapi(recentRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await recentMessages(studio, c.req.valid('query').limit), 200);
  });
  app.openapi(openRoute, async (c) => {
    await recordMessageOpen(c.get('public'), c.req.valid('param').token);
    return c.body(new Uint8Array(PIXEL), 200, {
      'content-type': 'image/gif',
      'cache-control': 'no-store, private',
    });
  });
  return app;
}
