import { z } from '@hono/zod-openapi';
import {
  markAllReadResultSchema,
  notificationListSchema,
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
} from '@fitbase/domain/contracts/notifications';
import type { ZodError } from 'zod';
import { accountRoute, studioRoute } from '../../context/declare-route.ts';
import { validationError } from '../../http/error-handler.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { notFound } from '../../lib/errors.ts';
import {
  getPreferences,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATION_NOT_FOUND,
  savePreferences,
} from './notifications.service.ts';

const tags = ['Notifications'];

const idParams = z.object({
  id: z.uuid().openapi({ param: { name: 'id', in: 'path' }, description: 'Notification id' }),
});

// The bell is an account route: a platform admin without a studio has trial-request
// notifications too. Its rows are the person's own (filtered by user, never by request input);
// the studio part is the caller's current studio from the request's one context query.
const listRoute = accountRoute({
  method: 'get',
  path: '/api/notifications',
  tags,
  summary:
    "The person's latest 20 notifications of the current studio and their platform ones, with the unread count",
  responses: { 200: jsonContent(notificationListSchema), ...errorResponses },
});

const readRoute = accountRoute({
  method: 'post',
  path: '/api/notifications/{id}/read',
  tags,
  summary: 'Mark one of your notifications read',
  request: { params: idParams },
  responses: { 204: { description: 'Marked read' }, ...errorResponses },
});

const readAllRoute = accountRoute({
  method: 'post',
  path: '/api/notifications/read-all',
  tags,
  summary: 'Mark all your notifications of the current studio (and platform ones) read',
  responses: { 200: jsonContent(markAllReadResultSchema), ...errorResponses },
});

const getPreferencesRoute = studioRoute({
  method: 'get',
  path: '/api/settings/notifications',
  permission: 'studio.access',
  apiKeys: false,
  tags,
  summary: 'Your own email and bell events in this studio (the defaults until you save)',
  responses: { 200: jsonContent(notificationPreferencesSchema), ...errorResponses },
});

const putPreferencesRoute = studioRoute({
  method: 'put',
  path: '/api/settings/notifications',
  permission: 'studio.access',
  apiKeys: false,
  tags,
  summary: 'Choose which events reach you by email and in the bell in this studio',
  request: { body: jsonBody(notificationPreferencesInputSchema) },
  responses: { 200: jsonContent(notificationPreferencesSchema), ...errorResponses },
});

const idHook = (result: { success: boolean; error?: unknown; target?: string }): undefined => {
  if (result.success) return undefined;
  if (result.target === 'param') throw notFound(NOTIFICATION_NOT_FOUND);
  throw validationError(result.error as ZodError, result.target ?? 'request');
};

export function notificationRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => c.json(await listNotifications(c.get('account')), 200));
  app.openapi(
    readRoute,
    async (c) => {
      await markNotificationRead(c.get('account'), c.req.valid('param').id);
      return c.body(null, 204);
    },
    idHook,
  );
  app.openapi(readAllRoute, async (c) =>
    c.json(await markAllNotificationsRead(c.get('account')), 200),
  );
  app.openapi(getPreferencesRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await getPreferences({ ...studio, platformRole: c.get('platformRole') }), 200);
  });
  app.openapi(putPreferencesRoute, async (c) => {
    const studio = c.get('studio');
    const scope = { ...studio, platformRole: c.get('platformRole') };
    return c.json(await savePreferences(scope, c.req.valid('json')), 200);
  });
  return app;
}
