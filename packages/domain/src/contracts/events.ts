import { z } from 'zod';
import { REALTIME_ENTITIES } from '../realtime.ts';

/**
 * Live updates (server-sent events fed by PostgreSQL LISTEN/NOTIFY). Events carry ids only,
 * never data: a client refetches through the normal, permission-checked API.
 */
export const REALTIME_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type RealtimeAction = (typeof REALTIME_ACTIONS)[number];

/** The SSE event names of GET /api/events. */
export const REALTIME_EVENT_READY = 'ready';
export const REALTIME_EVENT_CHANGE = 'change';

/**
 * What a browser receives. `entity` is the third segment of the organization's query keys
 * (['organizations', orgId, entity, ...]) so the client invalidates exactly that family.
 */
export const realtimeEventSchema = z.object({
  entity: z.enum(REALTIME_ENTITIES),
  action: z.enum(REALTIME_ACTIONS),
  ids: z.array(z.string()).max(100),
});
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** The NOTIFY payload between processes: the event plus the organization it belongs to. */
export const realtimeNotificationSchema = realtimeEventSchema.extend({
  organizationId: z.string(),
});
export type RealtimeNotification = z.infer<typeof realtimeNotificationSchema>;
