import { CAMPAIGN_STATUSES } from '@fitbase/domain/constants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, oneOf } from './columns.ts';
import { organizations } from './organizations.ts';

const organizationId = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    subject: text('subject'),
    content: text('content'),
    type: text('type', { enum: ['email'] })
      .notNull()
      .default('email'),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    recipientCount: integer('recipient_count').notNull().default(0),
    openRate: numeric('open_rate', { precision: 5, scale: 2 }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('campaigns_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    check('campaigns_type_check', oneOf(t.type, ['email'])),
    check('campaigns_status_check', oneOf(t.status, CAMPAIGN_STATUSES)),
    check('campaigns_recipients_check', sql`${t.recipientCount} >= 0`),
    check(
      'campaigns_open_rate_check',
      sql`${t.openRate} is null or ${t.openRate} between 0 and 100`,
    ),
  ],
);

export const automations = pgTable(
  'automations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    description: text('description'),
    workflowCount: integer('workflow_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('automations_org_created_idx').on(t.organizationId, t.createdAt),
    check('automations_workflow_count_check', sql`${t.workflowCount} >= 0`),
  ],
);

export const audiences = pgTable(
  'audiences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    description: text('description'),
    memberCount: integer('member_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('audiences_org_created_idx').on(t.organizationId, t.createdAt),
    check('audiences_member_count_check', sql`${t.memberCount} >= 0`),
  ],
);

export const leadSources = pgTable(
  'lead_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    leadCount: integer('lead_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('lead_sources_org_name_idx').on(t.organizationId, t.name),
    check('lead_sources_lead_count_check', sql`${t.leadCount} >= 0`),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    description: text('description'),
    color: text('color').notNull().default('#3b82f6'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('tags_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    check('tags_color_check', sql`${t.color} ~ '^#[0-9a-fA-F]{6}$'`),
  ],
);
