import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bookings } from '../../db/schema/schedule.ts';
import { ledgerEntries, memberships, orders } from '../../db/schema/money.ts';
import { memberVisits } from '../../db/schema/members.ts';
import { waiverSignatures } from '../../db/schema/waivers.ts';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
  webhookSecrets,
} from '../../db/schema/webhooks.ts';

/**
 * Webhook events, deliveries and attempts (docs/decisions/0034-webhook-delivery.md): what the
 * dispatcher claims and writes, what a delivery attempt reads and records.
 */
export async function setEventPayload(
  db: Db | Tx,
  organizationId: string,
  id: string,
  payload: unknown,
): Promise<void> {
  await db
    .update(webhookEvents)
    .set({ payload })
    .where(and(eq(webhookEvents.organizationId, organizationId), eq(webhookEvents.id, id)));
}

export async function insertDeliveries(
  db: Db | Tx,
  values: Array<typeof webhookDeliveries.$inferInsert>,
): Promise<string[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(webhookDeliveries)
    .values(values)
    .returning({ id: webhookDeliveries.id });
  return rows.map((r) => r.id);
}

/** A delivery with what sending it needs: its event's payload, its endpoint and secret. */
export async function findDelivery(db: Db | Tx, organizationId: string, id: string) {
  const [row] = await db
    .select({
      id: webhookDeliveries.id,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      eventId: webhookEvents.id,
      eventType: webhookEvents.type,
      payload: webhookEvents.payload,
      endpointId: webhookEndpoints.id,
      url: webhookEndpoints.url,
      enabled: webhookEndpoints.enabled,
      failingSince: webhookEndpoints.failingSince,
      secret: webhookSecrets.secret,
    })
    .from(webhookDeliveries)
    .innerJoin(
      webhookEvents,
      and(
        eq(webhookEvents.organizationId, webhookDeliveries.organizationId),
        eq(webhookEvents.id, webhookDeliveries.eventId),
      ),
    )
    .innerJoin(
      webhookEndpoints,
      and(
        eq(webhookEndpoints.organizationId, webhookDeliveries.organizationId),
        eq(webhookEndpoints.id, webhookDeliveries.endpointId),
      ),
    )
    .innerJoin(
      webhookSecrets,
      and(
        eq(webhookSecrets.organizationId, webhookDeliveries.organizationId),
        eq(webhookSecrets.endpointId, webhookDeliveries.endpointId),
      ),
    )
    .where(and(eq(webhookDeliveries.organizationId, organizationId), eq(webhookDeliveries.id, id)));
  return row;
}

export async function recordAttempt(
  db: Db | Tx,
  attempt: typeof webhookAttempts.$inferInsert,
  delivery: { status: 'pending' | 'succeeded' | 'failed'; attempts: number },
): Promise<void> {
  await db.insert(webhookAttempts).values(attempt);
  await db
    .update(webhookDeliveries)
    .set({
      status: delivery.status,
      attempts: delivery.attempts,
      lastStatusCode: attempt.statusCode ?? null,
      lastAttemptAt: attempt.attemptedAt ?? new Date(),
    })
    .where(
      and(
        eq(webhookDeliveries.organizationId, attempt.organizationId),
        eq(webhookDeliveries.id, attempt.deliveryId),
      ),
    );
}

/** The endpoint answered: healthy again (`lastSuccessAt` to the minute). */
export async function markEndpointSucceeded(
  db: Db | Tx,
  organizationId: string,
  id: string,
  at: Date,
): Promise<void> {
  // Only when it changes something worth a write: every delivery of a busy endpoint would
  // otherwise update (and lock) the one endpoint row, and concurrent attempts would queue on it.
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null, lastSuccessAt: at })
    .where(
      and(
        eq(webhookEndpoints.organizationId, organizationId),
        eq(webhookEndpoints.id, id),
        sql`(${webhookEndpoints.failingSince} is not null or ${webhookEndpoints.lastSuccessAt} is null
          or ${webhookEndpoints.lastSuccessAt} < ${at.toISOString()}::timestamptz - interval '1 minute')`,
      ),
    );
}

/** A failure: starts the 24-hour clock unless it runs already; returns when it started. */
export async function markEndpointFailing(
  db: Db | Tx,
  organizationId: string,
  id: string,
  at: Date,
): Promise<Date> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return row?.failingSince ?? at;
}

/** Disables an endpoint FitBase gave up on; false when it was already disabled. */
export async function disableFailingEndpoint(
  db: Db | Tx,
  organizationId: string,
  id: string,
  reason: string,
): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason })
    .where(
      and(
        eq(webhookEndpoints.organizationId, organizationId),
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.enabled, true),
      ),
    )
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The `Deliveries` list: an endpoint's attempts, newest first. */
export function listAttempts(
  db: Db | Tx,
  organizationId: string,
  endpointId: string,
  limit: number,
) {
  return db
    .select({
      id: webhookAttempts.id,
      deliveryId: webhookAttempts.deliveryId,
      eventId: webhookEvents.id,
      eventType: webhookEvents.type,
      attempt: webhookAttempts.attempt,
      statusCode: webhookAttempts.statusCode,
      error: webhookAttempts.error,
      responseBody: webhookAttempts.responseBody,
      durationMs: webhookAttempts.durationMs,
      manual: webhookAttempts.manual,
      attemptedAt: webhookAttempts.attemptedAt,
      deliveryStatus: webhookDeliveries.status,
    })
    .from(webhookAttempts)
    .innerJoin(
      webhookDeliveries,
      and(
        eq(webhookDeliveries.organizationId, webhookAttempts.organizationId),
        eq(webhookDeliveries.id, webhookAttempts.deliveryId),
      ),
    )
    .innerJoin(
      webhookEvents,
      and(
        eq(webhookEvents.organizationId, webhookDeliveries.organizationId),
        eq(webhookEvents.id, webhookDeliveries.eventId),
      ),
    )
    .where(
      and(
        eq(webhookAttempts.organizationId, organizationId),
        eq(webhookAttempts.endpointId, endpointId),
      ),
    )
    .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.attempt))
    .limit(limit);
}

/** Whether an earlier event of the same object still waits for this endpoint (order per object). */
export async function earlierPendingForObject(
  db: Db | Tx,
  organizationId: string,
  deliveryId: string,
): Promise<boolean> {
  const mine = db
    .select({
      endpointId: webhookDeliveries.endpointId,
      objectId: webhookEvents.objectId,
      seq: webhookEvents.seq,
    })
    .from(webhookDeliveries)
    .innerJoin(
      webhookEvents,
      and(
        eq(webhookEvents.organizationId, webhookDeliveries.organizationId),
        eq(webhookEvents.id, webhookDeliveries.eventId),
      ),
    )
    .where(
      and(
        eq(webhookDeliveries.organizationId, organizationId),
        eq(webhookDeliveries.id, deliveryId),
      ),
    )
    .as('mine');
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(
      webhookEvents,
      and(
        eq(webhookEvents.organizationId, webhookDeliveries.organizationId),
        eq(webhookEvents.id, webhookDeliveries.eventId),
      ),
    )
    .innerJoin(
      mine,
      and(
        eq(mine.endpointId, webhookDeliveries.endpointId),
        eq(mine.objectId, webhookEvents.objectId),
      ),
    )
    .where(
      and(
        eq(webhookDeliveries.organizationId, organizationId),
        eq(webhookDeliveries.status, 'pending'),
        eq(webhookDeliveries.attempts, 0),
        // A first attempt waits for an earlier one only briefly (its job may be lost and redone).
        sql`${webhookDeliveries.createdAt} > now() - interval '1 minute'`,
        sql`${webhookEvents.seq} < ${mine.seq}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The studio's rows an event's `data` is read from, where no API read exists for it. */
export const EVENT_TABLES = {
  membership: memberships,
  booking: bookings,
  check_in: memberVisits,
  payment: ledgerEntries,
  order: orders,
  waiver: waiverSignatures,
} as const;

export async function findRow(
  db: Db | Tx,
  table: (typeof EVENT_TABLES)[keyof typeof EVENT_TABLES],
  organizationId: string,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.organizationId, organizationId), eq(table.id, id)));
  return row as Record<string, unknown> | undefined;
}

/** Studios with events not dispatched yet, the oldest waiting first (runs outside any studio). */
export function studiosWithPendingEvents(db: Db | Tx, limit: number) {
  return db
    .select({ organizationId: webhookEvents.organizationId })
    .from(webhookEvents)
    .where(isNull(webhookEvents.dispatchedAt))
    .groupBy(webhookEvents.organizationId)
    .orderBy(sql`min(${webhookEvents.seq})`)
    .limit(limit);
}

/** One studio's events not dispatched yet, oldest first, locked (another dispatcher skips them). */
export function claimEvents(db: Db | Tx, organizationId: string, limit: number) {
  return db
    .select({
      id: webhookEvents.id,
      type: webhookEvents.type,
      objectId: webhookEvents.objectId,
      occurredAt: webhookEvents.occurredAt,
    })
    .from(webhookEvents)
    .where(
      and(eq(webhookEvents.organizationId, organizationId), isNull(webhookEvents.dispatchedAt)),
    )
    .orderBy(asc(webhookEvents.seq))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markDispatched(db: Db | Tx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(webhookEvents)
    .set({ dispatchedAt: new Date() })
    .where(and(eq(webhookEvents.organizationId, organizationId), inArray(webhookEvents.id, ids)));
}

/**
 * Removes up to `limit` dispatched events older than `before` (with their deliveries and
 * attempts, by cascade), across studios; returns how many.
 */
export async function pruneEvents(db: Db | Tx, before: Date, limit: number): Promise<number> {
  const old = db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(
      and(
        sql`${webhookEvents.occurredAt} < ${before.toISOString()}::timestamptz`,
        sql`${webhookEvents.dispatchedAt} is not null`,
      ),
    )
    .limit(limit);
  const deleted = await db
    .delete(webhookEvents)
    .where(inArray(webhookEvents.id, old))
    .returning({ id: webhookEvents.id });
  return deleted.length;
}
