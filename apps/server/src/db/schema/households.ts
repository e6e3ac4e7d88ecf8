import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { members } from './members.ts';
import { organizationId } from './tenant-columns.ts';

// Households (docs/product/members.md#households): members who share one payer. The payer is
// always a member record: an adult who holds no membership is a member without a membership.

export const households = pgTable(
  'households',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    /** Whose default card pays the household's memberships, packs and purchases. */
    payerMemberId: uuid('payer_member_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'households_pkey', columns: [t.organizationId, t.id] }),
    // Deleting the payer's member record deletes the household (its members stay, unlinked).
    foreignKey({
      name: 'households_payer_fk',
      columns: [t.organizationId, t.payerMemberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('cascade'),
    index('households_org_payer_idx').on(t.organizationId, t.payerMemberId),
    check('households_name_check', sql`length(trim(${t.name})) > 0`),
  ],
);

/** Who belongs to a household: a member belongs to at most one (the key is the member). */
export const householdMembers = pgTable(
  'household_members',
  {
    organizationId: organizationId(),
    memberId: uuid('member_id').notNull(),
    householdId: uuid('household_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'household_members_pkey', columns: [t.organizationId, t.memberId] }),
    foreignKey({
      name: 'household_members_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'household_members_household_fk',
      columns: [t.organizationId, t.householdId],
      foreignColumns: [households.organizationId, households.id],
    }).onDelete('cascade'),
    index('household_members_org_household_idx').on(t.organizationId, t.householdId),
  ],
);
