import type { WebhookEventType, WebhookPayload } from '@fitbase/domain/contracts/webhooks';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { getLead } from '../leads/leads.service.ts';
import { getMember } from '../members/members.service.ts';
import { getOrder } from '../store/orders.service.ts';
import { EVENT_TABLES, findRow } from './webhook-deliveries.queries.ts';

/**
 * An event's `data`: the object as the API returns it (docs/product/integrations.md#webhooks).
 * Members, leads and orders go through the API's own read; the others, which the API returns
 * inside larger answers, are their row in the API's field names (camelCase, ISO times) without
 * keys and client details. Read when the event is dispatched, right after its commit: a later
 * change committed before that is already in it (each change still sends its own event).
 */

const OBJECT_OF: Record<WebhookEventType, keyof typeof EVENT_TABLES | 'member' | 'lead'> = {
  'member.created': 'member',
  'member.updated': 'member',
  'membership.started': 'membership',
  'membership.paused': 'membership',
  'membership.cancelled': 'membership',
  'booking.created': 'booking',
  'booking.cancelled': 'booking',
  'check_in.created': 'check_in',
  'payment.succeeded': 'payment',
  'payment.failed': 'payment',
  'payment.refunded': 'payment',
  'order.completed': 'order',
  'lead.created': 'lead',
  'waiver.signed': 'waiver',
};

/** Never in a payload: replay keys and where a signature came from. */
const LEFT_OUT = ['idempotencyKey', 'ipAddress', 'userAgent', 'reminderSentAt'];

async function orMissing<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
}

async function eventData(
  db: Db | Tx,
  organizationId: string,
  type: WebhookEventType,
  id: string,
): Promise<Record<string, unknown> | null> {
  const scope = { organizationId, db: db as Db };
  const object = OBJECT_OF[type];
  if (object === 'member') return orMissing(getMember(scope, id));
  if (object === 'lead') return orMissing(getLead(scope, id));
  if (object === 'order') return orMissing(getOrder(scope, id));
  const row = await findRow(db, EVENT_TABLES[object], organizationId, id);
  if (!row) return null;
  for (const key of LEFT_OUT) delete row[key];
  return JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
}

/** The body every endpoint of the event receives. A deleted object leaves only its id. */
export async function webhookPayload(
  db: Db | Tx,
  organizationId: string,
  event: { type: string; objectId: string; occurredAt: Date },
  onReadError?: (error: unknown) => void,
): Promise<WebhookPayload> {
  const type = event.type as WebhookEventType;
  let data: Record<string, unknown> | null;
  try {
    data = await eventData(db, organizationId, type, event.objectId);
  } catch (error) {
    // An object its API read refuses (a serializer's check) must not hold back the studio's
    // other events on every later dispatch: this one is sent with the object's id alone.
    onReadError?.(error);
    data = { id: event.objectId };
  }
  return {
    type,
    timestamp: event.occurredAt.toISOString(),
    organizationId,
    data: data ?? { id: event.objectId, deleted: true },
  };
}
