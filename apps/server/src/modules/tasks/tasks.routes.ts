import { z } from '@hono/zod-openapi';
import {
  taskInputSchema,
  taskListQuerySchema,
  taskListSchema,
  taskSchema,
  taskUpdateSchema,
} from '@fitbase/domain/contracts/tasks';
import type { ZodError } from 'zod';
import { studioRoute } from '../../context/declare-route.ts';
import { validationError } from '../../http/error-handler.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import { notFound } from '../../lib/errors.ts';
import { createTask, deleteTask, listTasks, updateTask } from './tasks.service.ts';

const tags = ['Tasks'];
const idParams = z.object({
  id: z.uuid().openapi({ param: { name: 'id', in: 'path' }, description: 'Task id' }),
});

/** An id that cannot exist answers like an unknown one (404); other problems are the usual 400. */
function taskIdHook(result: { success: boolean; error?: unknown; target?: string }): undefined {
  if (result.success) return undefined;
  if (result.target === 'param') throw notFound('Task');
  throw validationError(result.error as ZodError, result.target ?? 'request');
}

const listRoute = studioRoute({
  method: 'get',
  path: '/api/tasks',
  permission: 'tasks.manage',
  tags,
  summary:
    'Staff tasks: due=today (due today, or overdue and not done; the default) or all; assignee=me or anyone',
  request: { query: taskListQuerySchema },
  responses: { 200: jsonContent(taskListSchema), ...errorResponses },
});

const createRoute = studioRoute({
  method: 'post',
  path: '/api/tasks',
  permission: 'tasks.manage',
  tags,
  summary: 'Add a staff task',
  request: { body: jsonBody(taskInputSchema) },
  responses: { 201: jsonContent(taskSchema, 'Created'), ...errorResponses },
});

const updateRoute = studioRoute({
  method: 'patch',
  path: '/api/tasks/{id}',
  permission: 'tasks.manage',
  tags,
  summary: 'Mark a task done or not, switch its priority, or edit it',
  request: { params: idParams, body: jsonBody(taskUpdateSchema) },
  responses: { 200: jsonContent(taskSchema), ...errorResponses },
});

const deleteRoute = studioRoute({
  method: 'delete',
  path: '/api/tasks/{id}',
  permission: 'tasks.manage',
  tags,
  summary: 'Delete a task',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});

export function taskRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await listTasks(studio, c.req.valid('query')), 200);
  });
  app.openapi(createRoute, async (c) => {
    const studio = c.get('studio');
    return c.json(await createTask(studio, c.req.valid('json')), 201);
  });
  app.openapi(
    updateRoute,
    async (c) => {
      const studio = c.get('studio');
      const { id } = c.req.valid('param');
      return c.json(await updateTask(studio, id, c.req.valid('json')), 200);
    },
    taskIdHook,
  );
  app.openapi(
    deleteRoute,
    async (c) => {
      const studio = c.get('studio');
      await deleteTask(studio, c.req.valid('param').id);
      return c.body(null, 204);
    },
    taskIdHook,
  );
  return app;
}
