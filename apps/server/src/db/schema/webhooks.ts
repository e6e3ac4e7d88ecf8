import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, updatedAt } from './columns.ts';
import { organizationId, timestamptz } from './tenant-columns.ts';

/*
 * Webhooks (docs/product/integrations.md#webhooks, docs/decisions/0034-webhook-delivery.md).
 * Triggers on the studio's tables record an event (webhook_events) only when the studio has an
 * enabled endpoint listening for it; a dispatcher turns each event into one delivery per such
 * endpoint, sent and retried by the job queue; every attempt is kept.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    url: text('url').notNull(),
    description: text('description'),
    /** The event types it receives (WEBHOOK_EVENT_TYPES). */
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was disabled by FitBase (24 hours of failures); null when staff disabled it. */
    disabledReason: text('disabled_reason'),
    /** First failure since its last success: 24 hours later the endpoint is disabled. */
    failingSince: timestamptz('failing_since'),
    lastSuccessAt: timestamptz('last_success_at'),
    /** When the signing secret was last rotated (the secret itself lives in webhook_secrets). */
    secretRotatedAt: timestamptz('secret_rotated_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'webhook_endpoints_pkey', columns: [t.organizationId, t.id] }),
    // The capture trigger's probe: does this studio have an enabled endpoint at all?
    index('webhook_endpoints_org_enabled_idx')
      .on(t.organizationId)
      .where(sql`${t.enabled}`),
  ],
);

/**
 * An endpoint's signing secret, apart from the endpoint so the audit trigger on endpoints never
 * sees it (this table is not audited; a rotation shows as secret_rotated_at on the endpoint).
 */
export const webhookSecrets = pgTable(
  'webhook_secrets',
  {
    endpointId: uuid('endpoint_id').notNull(),
    organizationId: organizationId(),
    secret: text('secret').notNull(),
  },
  (t) => [
    primaryKey({ name: 'webhook_secrets_pkey', columns: [t.organizationId, t.endpointId] }),
    foreignKey({
      name: 'webhook_secrets_endpoint_fk',
      columns: [t.organizationId, t.endpointId],
      foreignColumns: [webhookEndpoints.organizationId, webhookEndpoints.id],
    }).onDelete('cascade'),
  ],
);

/**
 * One change a studio's endpoints listen for, recorded by a trigger in the change's own
 * transaction (so never for a rolled-back one). `payload` is filled by the dispatcher with the
 * object as the API reads it; `seq` is commit-independent insertion order (per object, in order).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').notNull().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    organizationId: organizationId(),
    type: text('type').notNull(),
    objectId: uuid('object_id').notNull(),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
    payload: jsonb('payload'),
    dispatchedAt: timestamptz('dispatched_at'),
  },
  (t) => [
    primaryKey({ name: 'webhook_events_pkey', columns: [t.organizationId, t.id] }),
    // The 30-day retention's sweep (oldest first).
    index('webhook_events_occurred_idx').on(t.occurredAt),
    index('webhook_events_pending_idx')
      .on(t.seq)
      .where(sql`${t.dispatchedAt} is null`),
  ],
);

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** One event to one endpoint: its status and attempts so far (each in webhook_attempts). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    endpointId: uuid('endpoint_id').notNull(),
    eventId: uuid('event_id').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'webhook_deliveries_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'webhook_deliveries_endpoint_fk',
      columns: [t.organizationId, t.endpointId],
      foreignColumns: [webhookEndpoints.organizationId, webhookEndpoints.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'webhook_deliveries_event_fk',
      columns: [t.organizationId, t.eventId],
      foreignColumns: [webhookEvents.organizationId, webhookEvents.id],
    }).onDelete('cascade'),
    index('webhook_deliveries_endpoint_idx').on(t.organizationId, t.endpointId, t.createdAt),
    // Deleting an event (retention) finds its deliveries, and a delivery its attempts, by these.
    index('webhook_deliveries_event_idx').on(t.organizationId, t.eventId),
  ],
);

/** Every attempt at a delivery: status code or error, duration, the answer's first 1 KB. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    deliveryId: uuid('delivery_id').notNull(),
    endpointId: uuid('endpoint_id').notNull(),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    responseBody: text('response_body'),
    durationMs: integer('duration_ms').notNull(),
    /** A `Resend` from Settings › Webhooks rather than the schedule. */
    manual: boolean('manual').notNull().default(false),
    attemptedAt: timestamptz('attempted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'webhook_attempts_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'webhook_attempts_delivery_fk',
      columns: [t.organizationId, t.deliveryId],
      foreignColumns: [webhookDeliveries.organizationId, webhookDeliveries.id],
    }).onDelete('cascade'),
    index('webhook_attempts_endpoint_idx').on(t.organizationId, t.endpointId, t.attemptedAt),
    index('webhook_attempts_delivery_idx').on(t.organizationId, t.deliveryId),
  ],
);
