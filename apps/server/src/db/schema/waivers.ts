import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, updatedAt } from './columns.ts';
import { members } from './members.ts';
import { organizations } from './organizations.ts';
import { organizationId } from './tenant-columns.ts';

/*
 * Waivers (docs/product/waivers.md). A studio's waiver is a list of versions: each version's text
 * is fixed once written (a change is a new version), so what a member signed is always what they
 * read. The newest version is the current one.
 */
export const waivers = pgTable(
  'waivers',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    /** 1, 2, 3… per studio. */
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'waivers_pkey', columns: [t.organizationId, t.id] }),
    unique('waivers_org_version_key').on(t.organizationId, t.version),
    check('waivers_version_check', sql`${t.version} >= 1`),
  ],
);

/** Whether booking needs a signature of the current version (off until the studio turns it on). */
export const waiverSettings = pgTable('waiver_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  requiredToBook: boolean('required_to_book').notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * A member's signature of one version: the typed full name (and a guardian's, for a member under
 * 18), the SHA-256 of exactly the text signed, and where it was signed from. Never updated.
 */
export const waiverSignatures = pgTable(
  'waiver_signatures',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    waiverId: uuid('waiver_id').notNull(),
    memberId: uuid('member_id').notNull(),
    signedName: text('signed_name').notNull(),
    /** Set when a parent or guardian signed for a member under 18. */
    guardianName: text('guardian_name'),
    sha256: text('sha256').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'waiver_signatures_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'waiver_signatures_waiver_fk',
      columns: [t.organizationId, t.waiverId],
      foreignColumns: [waivers.organizationId, waivers.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'waiver_signatures_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('cascade'),
    unique('waiver_signatures_member_waiver_key').on(t.organizationId, t.memberId, t.waiverId),
    index('waiver_signatures_org_member_idx').on(t.organizationId, t.memberId, t.signedAt.desc()),
  ],
);
