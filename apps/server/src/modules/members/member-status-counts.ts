import { bigint, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Members per organization and status, maintained by the triggers of the hand-written
 * migration drizzle/0002_member_status_counts.sql (never written by the application).
 * Declared here rather than in db/schema so drizzle-kit leaves the migration-owned table alone.
 */
export const memberStatusCounts = pgTable(
  'member_status_counts',
  {
    organizationId: uuid('organization_id').notNull(),
    membershipStatus: text('membership_status').notNull(),
    memberCount: bigint('member_count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.membershipStatus] })],
);
