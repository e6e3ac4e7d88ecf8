import {
  AUDIENCE_KINDS,
  AUTOMATION_RUN_STATUSES,
  AUTOMATION_TRIGGERS,
  CAMPAIGN_STATUSES,
  DEFAULT_TAG_COLOR,
  DELIVERY_STATUSES,
  EMAIL_EVENT_KINDS,
  LEAD_STATUSES,
  TEMPLATE_STATUSES,
} from '@fitbase/domain/connect-constants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, oneOf, updatedAt } from './columns.ts';
import { members } from './members.ts';
import { organizationUsers } from './organizations.ts';
import { organizationId, timestamptz } from './tenant-columns.ts';

// Connect (docs/product/connect-and-messaging.md): campaigns, templates, groups, leads, tags and
// automations. Every table leads with organization_id; links between them are composite
// (organization_id, id) foreign keys, so a row can only point inside its own studio.

export const emailTemplates = pgTable(
  'email_templates',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    /** Markdown with merge fields ({{first_name}}); rendered and sanitised when sent. */
    content: text('content').notNull(),
    status: text('status', { enum: TEMPLATE_STATUSES }).notNull().default('active'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'email_templates_pkey', columns: [t.organizationId, t.id] }),
    index('email_templates_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    check('email_templates_status_check', oneOf(t.status, TEMPLATE_STATUSES)),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    description: text('description'),
    color: text('color').notNull().default(DEFAULT_TAG_COLOR),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'tags_pkey', columns: [t.organizationId, t.id] }),
    uniqueIndex('tags_org_name_idx').on(t.organizationId, sql`lower(${t.name})`),
    index('tags_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    check('tags_color_check', sql`${t.color} ~ '^#[0-9a-fA-F]{6}$'`),
  ],
);

export const memberTags = pgTable(
  'member_tags',
  {
    organizationId: organizationId(),
    memberId: uuid('member_id').notNull(),
    tagId: uuid('tag_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'member_tags_pk', columns: [t.organizationId, t.memberId, t.tagId] }),
    index('member_tags_org_tag_idx').on(t.organizationId, t.tagId),
    foreignKey({
      name: 'member_tags_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'member_tags_tag_fk',
      columns: [t.organizationId, t.tagId],
      foreignColumns: [tags.organizationId, tags.id],
    }).onDelete('cascade'),
  ],
);

/** A member group: the Audiences of Connect and the groups of the Members area are one table. */
export const audiences = pgTable(
  'audiences',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    description: text('description'),
    kind: text('kind', { enum: AUDIENCE_KINDS }).notNull().default('manual'),
    /** Dynamic groups: the rules (packages/domain contracts), all of which a member must meet. */
    rules: jsonb('rules').$type<unknown[]>(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'audiences_pkey', columns: [t.organizationId, t.id] }),
    index('audiences_org_created_idx').on(t.organizationId, t.createdAt),
    check('audiences_kind_check', oneOf(t.kind, AUDIENCE_KINDS)),
    check(
      'audiences_rules_check',
      sql`(${t.kind} = 'manual' and ${t.rules} is null) or (${t.kind} = 'dynamic' and jsonb_typeof(${t.rules}) = 'array')`,
    ),
  ],
);

/** The members of a manual group. */
export const audienceMembers = pgTable(
  'audience_members',
  {
    organizationId: organizationId(),
    audienceId: uuid('audience_id').notNull(),
    memberId: uuid('member_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({
      name: 'audience_members_pk',
      columns: [t.organizationId, t.audienceId, t.memberId],
    }),
    index('audience_members_org_member_idx').on(t.organizationId, t.memberId),
    foreignKey({
      name: 'audience_members_audience_fk',
      columns: [t.organizationId, t.audienceId],
      foreignColumns: [audiences.organizationId, audiences.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'audience_members_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('cascade'),
  ],
);

export const leadSources = pgTable(
  'lead_sources',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'lead_sources_pkey', columns: [t.organizationId, t.id] }),
    uniqueIndex('lead_sources_org_name_idx').on(t.organizationId, sql`lower(${t.name})`),
  ],
);

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    sourceId: uuid('source_id'),
    status: text('status', { enum: LEAD_STATUSES }).notNull().default('new'),
    notes: text('notes'),
    /** The staff person following the lead up. */
    ownerUserId: text('owner_user_id'),
    trialEndsOn: date('trial_ends_on', { mode: 'string' }),
    /** Set when the lead became a member (converted). */
    memberId: uuid('member_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'leads_pkey', columns: [t.organizationId, t.id] }),
    index('leads_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    index('leads_org_source_idx').on(t.organizationId, t.sourceId),
    check('leads_status_check', oneOf(t.status, LEAD_STATUSES)),
    check('leads_contact_check', sql`${t.email} is not null or ${t.phone} is not null`),
    foreignKey({
      name: 'leads_source_fk',
      columns: [t.organizationId, t.sourceId],
      foreignColumns: [leadSources.organizationId, leadSources.id],
    }).onDelete('set null (source_id)' as 'set null'),
    foreignKey({
      name: 'leads_owner_fk',
      columns: [t.organizationId, t.ownerUserId],
      foreignColumns: [organizationUsers.organizationId, organizationUsers.userId],
    }).onDelete('set null (owner_user_id)' as 'set null'),
    foreignKey({
      name: 'leads_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('set null (member_id)' as 'set null'),
  ],
);

export const leadTags = pgTable(
  'lead_tags',
  {
    organizationId: organizationId(),
    leadId: uuid('lead_id').notNull(),
    tagId: uuid('tag_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'lead_tags_pk', columns: [t.organizationId, t.leadId, t.tagId] }),
    index('lead_tags_org_tag_idx').on(t.organizationId, t.tagId),
    foreignKey({
      name: 'lead_tags_lead_fk',
      columns: [t.organizationId, t.leadId],
      foreignColumns: [leads.organizationId, leads.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'lead_tags_tag_fk',
      columns: [t.organizationId, t.tagId],
      foreignColumns: [tags.organizationId, tags.id],
    }).onDelete('cascade'),
  ],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    subject: text('subject'),
    /** Markdown with merge fields. */
    content: text('content'),
    type: text('type', { enum: ['email'] })
      .notNull()
      .default('email'),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    /** The group sent to; null = every member with marketing consent. */
    audienceId: uuid('audience_id'),
    templateId: uuid('template_id'),
    sendRatePerSecond: integer('send_rate_per_second').notNull().default(10),
    scheduledAt: timestamptz('scheduled_at'),
    sentAt: timestamptz('sent_at'),
    /** Fixed when sending starts: the recipients resolved then. */
    recipientCount: integer('recipient_count').notNull().default(0),
    // Delivery figures, kept by a trigger on campaign_recipients (migration 0018) in the statement
    // that changes a recipient: the list and the cards read them instead of counting 20,000 rows
    // per campaign on every request (measured by bench:campaign).
    queuedCount: integer('queued_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    openedCount: integer('opened_count').notNull().default(0),
    machineOpenCount: integer('machine_open_count').notNull().default(0),
    clickedCount: integer('clicked_count').notNull().default(0),
    clickCount: integer('click_count').notNull().default(0),
    unsubscribedCount: integer('unsubscribed_count').notNull().default(0),
    /** Deleted from the list; a sent campaign's statistics still count. */
    deletedAt: timestamptz('deleted_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'campaigns_pkey', columns: [t.organizationId, t.id] }),
    index('campaigns_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    check('campaigns_type_check', oneOf(t.type, ['email'])),
    check('campaigns_status_check', oneOf(t.status, CAMPAIGN_STATUSES)),
    check('campaigns_recipients_check', sql`${t.recipientCount} >= 0`),
    check('campaigns_rate_check', sql`${t.sendRatePerSecond} between 1 and 100`),
    foreignKey({
      name: 'campaigns_audience_fk',
      columns: [t.organizationId, t.audienceId],
      foreignColumns: [audiences.organizationId, audiences.id],
    }).onDelete('set null (audience_id)' as 'set null'),
    foreignKey({
      name: 'campaigns_template_fk',
      columns: [t.organizationId, t.templateId],
      foreignColumns: [emailTemplates.organizationId, emailTemplates.id],
    }).onDelete('set null (template_id)' as 'set null'),
  ],
);

/** One member's copy of a campaign: its delivery and what the member did with it. */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    campaignId: uuid('campaign_id').notNull(),
    memberId: uuid('member_id'),
    email: text('email').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    firstOpenedAt: timestamptz('first_opened_at'),
    openCount: integer('open_count').notNull().default(0),
    machineOpenCount: integer('machine_open_count').notNull().default(0),
    firstClickedAt: timestamptz('first_clicked_at'),
    clickCount: integer('click_count').notNull().default(0),
    unsubscribedAt: timestamptz('unsubscribed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'campaign_recipients_pkey', columns: [t.organizationId, t.id] }),
    uniqueIndex('campaign_recipients_campaign_member_idx').on(
      t.organizationId,
      t.campaignId,
      t.memberId,
    ),
    index('campaign_recipients_queued_idx')
      .on(t.organizationId, t.campaignId, t.id)
      .where(sql`${t.status} = 'queued'`),
    check('campaign_recipients_status_check', oneOf(t.status, DELIVERY_STATUSES)),
    foreignKey({
      name: 'campaign_recipients_campaign_fk',
      columns: [t.organizationId, t.campaignId],
      foreignColumns: [campaigns.organizationId, campaigns.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'campaign_recipients_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('set null (member_id)' as 'set null'),
  ],
);

/** Opens, clicks and unsubscribes over time (the campaign details chart). */
export const emailEvents = pgTable(
  'email_events',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    campaignId: uuid('campaign_id'),
    recipientId: uuid('recipient_id'),
    /** A 1:1 message's open. */
    messageId: uuid('message_id'),
    kind: text('kind', { enum: EMAIL_EVENT_KINDS }).notNull(),
    url: text('url'),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'email_events_pkey', columns: [t.organizationId, t.id] }),
    index('email_events_org_campaign_idx').on(t.organizationId, t.campaignId, t.occurredAt),
    check('email_events_kind_check', oneOf(t.kind, EMAIL_EVENT_KINDS)),
    foreignKey({
      name: 'email_events_campaign_fk',
      columns: [t.organizationId, t.campaignId],
      foreignColumns: [campaigns.organizationId, campaigns.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'email_events_recipient_fk',
      columns: [t.organizationId, t.recipientId],
      foreignColumns: [campaignRecipients.organizationId, campaignRecipients.id],
    }).onDelete('cascade'),
  ],
);

export const automations = pgTable(
  'automations',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    description: text('description'),
    trigger: text('trigger', { enum: AUTOMATION_TRIGGERS }).notNull().default('member_joined'),
    /** N of "no visit for N days", "membership expiring in N days", "trial ending in N days". */
    triggerDays: integer('trigger_days'),
    /** The steps, in order (packages/domain contracts); the workflow count is their number. */
    steps: jsonb('steps')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isActive: boolean('is_active').notNull().default(false),
    /** When it was last switched on: only trigger occurrences after this start runs. */
    activatedAt: timestamptz('activated_at'),
    /** A ready-made automation's key (welcome, win_back, birthday); null for a studio's own. */
    presetKey: text('preset_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'automations_pkey', columns: [t.organizationId, t.id] }),
    index('automations_org_created_idx').on(t.organizationId, t.createdAt),
    index('automations_active_trigger_idx')
      .on(t.trigger, t.organizationId)
      .where(sql`${t.isActive}`),
    uniqueIndex('automations_org_preset_idx')
      .on(t.organizationId, t.presetKey)
      .where(sql`${t.presetKey} is not null`),
    check('automations_trigger_check', oneOf(t.trigger, AUTOMATION_TRIGGERS)),
    check('automations_steps_check', sql`jsonb_typeof(${t.steps}) = 'array'`),
  ],
);

/**
 * One member (or lead) going through one automation for one trigger occurrence. The unique
 * occurrence key makes a trigger fire at most once per occurrence, whichever process sees it.
 */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    automationId: uuid('automation_id').notNull(),
    memberId: uuid('member_id'),
    leadId: uuid('lead_id'),
    /** e.g. `member_joined:{memberId}`, `birthday:{memberId}:2026`. */
    occurrenceKey: text('occurrence_key').notNull(),
    status: text('status', { enum: AUTOMATION_RUN_STATUSES }).notNull().default('waiting'),
    /** The next step to run, and when. */
    stepIndex: integer('step_index').notNull().default(0),
    nextRunAt: timestamptz('next_run_at'),
    /** Append-only log lines: [{ at, step, message }]. */
    log: jsonb('log')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'automation_runs_pkey', columns: [t.organizationId, t.id] }),
    uniqueIndex('automation_runs_occurrence_idx').on(
      t.organizationId,
      t.automationId,
      t.occurrenceKey,
    ),
    index('automation_runs_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.status} = 'waiting'`),
    index('automation_runs_org_automation_idx').on(
      t.organizationId,
      t.automationId,
      t.createdAt.desc(),
    ),
    check('automation_runs_status_check', oneOf(t.status, AUTOMATION_RUN_STATUSES)),
    foreignKey({
      name: 'automation_runs_automation_fk',
      columns: [t.organizationId, t.automationId],
      foreignColumns: [automations.organizationId, automations.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'automation_runs_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'automation_runs_lead_fk',
      columns: [t.organizationId, t.leadId],
      foreignColumns: [leads.organizationId, leads.id],
    }).onDelete('cascade'),
  ],
);
