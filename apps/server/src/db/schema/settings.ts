import {
  AUDIT_ACTIONS,
  IMPORT_DATE_FORMATS,
  IMPORT_KINDS,
  IMPORT_STATUSES,
  INVOICE_STATUSES,
} from '@fitbase/domain/settings-constants';
import { SUBSCRIPTION_TIERS } from '@fitbase/domain/constants';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, oneOf, updatedAt } from './columns.ts';
import { organizations } from './organizations.ts';
import { organizationId, timestamptz } from './tenant-columns.ts';

// Settings and data (docs/product/settings-and-data.md).

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/** A studio's former slugs: public links made with an old slug keep working as redirects. */
export const organizationSlugRedirects = pgTable(
  'organization_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('organization_slug_redirects_org_idx').on(t.organizationId)],
);

/**
 * Uploaded logos, stored in the database so every server process serves them. Addressed by the
 * hash of their (resized, sanitised) bytes: a new logo is a new URL, so it can be cached forever.
 */
export const organizationLogos = pgTable(
  'organization_logos',
  {
    organizationId: organizationId(),
    contentHash: text('content_hash').notNull(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'organization_logos_pkey', columns: [t.organizationId, t.contentHash] }),
  ],
);

/** Which events reach a person by email and in the bell, per studio. No row = the defaults. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    organizationId: organizationId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailEvents: text('email_events').array().notNull(),
    bellEvents: text('bell_events').array().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'notification_preferences_pkey', columns: [t.organizationId, t.userId] }),
  ],
);

/**
 * The bell: one row per person and event. Belongs to a person, not only to a studio: a platform
 * admin's trial-request notifications have no studio. Always read by `user_id`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    event: text('event').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** Where clicking it goes (an app path). */
    link: text('link'),
    readAt: timestamptz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * Every staff change to a studio's data, written by a trigger in the same transaction as the
 * change (migration 0020). Append-only: a trigger refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    organizationId: organizationId(),
    actorUserId: text('actor_user_id'),
    actorIp: text('actor_ip'),
    /** The API key a change was made with (docs/product/integrations.md#api-keys); no user then. */
    actorApiKeyId: uuid('actor_api_key_id'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    tableName: text('table_name').notNull(),
    recordId: text('record_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'audit_log_pkey', columns: [t.organizationId, t.id] }),
    index('audit_log_org_created_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    index('audit_log_org_table_idx').on(t.organizationId, t.tableName, t.createdAt.desc()),
    index('audit_log_org_actor_idx').on(t.organizationId, t.actorUserId, t.createdAt.desc()),
    check('audit_log_action_check', oneOf(t.action, AUDIT_ACTIONS)),
  ],
);

/** Help center articles' real view counts (the articles themselves are Markdown in the repo). */
export const helpArticleViews = pgTable('help_article_views', {
  slug: text('slug').primaryKey(),
  views: bigint('views', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
});

/** Invoices of the studio's FitBase subscription (no real card processor: see the page). */
export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    number: text('number').notNull(),
    tier: text('tier', { enum: SUBSCRIPTION_TIERS }).notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'subscription_invoices_pkey', columns: [t.organizationId, t.id] }),
    unique('subscription_invoices_org_number_key').on(t.organizationId, t.number),
    index('subscription_invoices_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    check('subscription_invoices_tier_check', oneOf(t.tier, SUBSCRIPTION_TIERS)),
    check('subscription_invoices_status_check', oneOf(t.status, INVOICE_STATUSES)),
    check('subscription_invoices_amount_check', sql`${t.amount} >= 0`),
  ],
);

/**
 * A CSV import: the file (kept in the database so any process's worker can run it), the column
 * mapping, progress and the per-row report. Undone as a whole within 24 hours.
 */
export const dataImports = pgTable(
  'data_imports',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    kind: text('kind', { enum: IMPORT_KINDS }).notNull(),
    fileName: text('file_name').notNull(),
    fileText: text('file_text').notNull(),
    /** FitBase field → CSV header. */
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    dateFormat: text('date_format', { enum: IMPORT_DATE_FORMATS }).notNull(),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('queued'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** The first rows' problems: [{ row, message }]. */
    errors: jsonb('errors').$type<{ row: number; message: string }[]>().notNull().default([]),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
    undoneAt: timestamptz('undone_at'),
  },
  (t) => [
    primaryKey({ name: 'data_imports_pkey', columns: [t.organizationId, t.id] }),
    index('data_imports_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    check('data_imports_kind_check', oneOf(t.kind, IMPORT_KINDS)),
    check('data_imports_status_check', oneOf(t.status, IMPORT_STATUSES)),
    check('data_imports_date_format_check', oneOf(t.dateFormat, IMPORT_DATE_FORMATS)),
  ],
);

/** What an import created, so undo removes exactly that. */
export const dataImportRecords = pgTable(
  'data_import_records',
  {
    organizationId: organizationId(),
    importId: uuid('import_id').notNull(),
    tableName: text('table_name').notNull(),
    recordId: uuid('record_id').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'data_import_records_pkey',
      columns: [t.organizationId, t.importId, t.tableName, t.recordId],
    }),
    foreignKey({
      name: 'data_import_records_import_fk',
      columns: [t.organizationId, t.importId],
      foreignColumns: [dataImports.organizationId, dataImports.id],
    }).onDelete('cascade'),
  ],
);
