import {
  pushNotificationInputSchema,
  pushNotificationListQuerySchema,
  pushNotificationListSchema,
  pushNotificationSchema,
} from '@fitbase/domain/contracts/push-notifications';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { listPushNotifications, sendPushNotification } from './push-notifications.service.ts';

const listRoute = studioRoute({
  method: 'get',
  path: '/api/push-notifications',
  permission: 'connect.view',
  apiKeys: false,
  tags: ['Push notifications'],
  summary: 'Sent push notifications, newest first, with their reach by channel',
  request: { query: pushNotificationListQuerySchema },
  responses: { 200: jsonContent(pushNotificationListSchema), ...errorResponses },
});

const sendRoute = studioRoute({
  method: 'post',
  path: '/api/push-notifications',
  permission: 'connect.manage',
  apiKeys: false,
  tags: ['Push notifications'],
  summary:
    'Send to everyone or a group; Web Push where a member allowed it, else email; marketing only with consent',
  request: { body: jsonBody(pushNotificationInputSchema) },
  responses: { 201: jsonContent(pushNotificationSchema, 'Sent'), ...errorResponses },
});

export function pushNotificationRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await listPushNotifications(studio, c.req.valid('query')), 200);
  });
  app.openapi(sendRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await sendPushNotification(studio, c.req.valid('json')), 201);
  });
  return app;
}
