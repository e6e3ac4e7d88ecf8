import {
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { members } from './members.ts';
import { organizations } from './organizations.ts';

/*
 * The member portal's own better-auth tables (auth/member-auth.ts), apart from the staff ones so
 * that a member session can never be a staff session: a person who is both signs in to each
 * separately (docs/product/member-portal.md#signing-in). One member login per email; each session
 * belongs to one studio and one member record there. The JS property names are the field names
 * better-auth expects.
 */
export const memberLogins = pgTable('member_logins', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const memberSessions = pgTable(
  'member_sessions',
  {
    id: text('id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => memberLogins.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'member_sessions_pkey', columns: [t.organizationId, t.id] }),
    // Looked up by token before the studio is known: the token leads, organization_id follows
    // (a sharded database needs it in every unique key).
    unique('member_sessions_token_unique').on(t.token, t.organizationId),
    foreignKey({
      name: 'member_sessions_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('cascade'),
    index('member_sessions_user_id_idx').on(t.userId),
    index('member_sessions_org_member_idx').on(t.organizationId, t.memberId),
  ],
);

/** better-auth needs an accounts table; email codes create none. */
export const memberLoginAccounts = pgTable(
  'member_login_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => memberLogins.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('member_login_accounts_user_id_idx').on(t.userId)],
);

/** The sign-in codes (stored hashed) with their tries. */
export const memberVerifications = pgTable(
  'member_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('member_verifications_identifier_idx').on(t.identifier)],
);

export const memberAuthSchema = {
  user: memberLogins,
  session: memberSessions,
  account: memberLoginAccounts,
  verification: memberVerifications,
};

/**
 * Website origins a studio allows to frame its public schedule (`Embed on your website`); every
 * other page stays unframeable (docs/product/member-portal.md#public-schedule).
 */
export const portalEmbedOrigins = pgTable(
  'portal_embed_origins',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.origin] })],
);

/**
 * A member's online purchases by their `Idempotency-Key`: a replayed `Buy` (a double click, a
 * retry after a lost answer) finds the first purchase instead of selling again.
 */
export const portalPurchases = pgTable(
  'portal_purchases',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Null until the sale went through (a declined one leaves none). */
    membershipId: uuid('membership_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.memberId, t.idempotencyKey] }),
    foreignKey({
      name: 'portal_purchases_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Online joins by their `Idempotency-Key` (docs/product/member-portal.md#join-online): a replayed
 * `Join` finds the member the first one made instead of making a second member and charge.
 */
export const portalJoins = pgTable(
  'portal_joins',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    memberId: uuid('member_id').notNull(),
    /** Null for an offer that sold nothing to bill (none today) or until the sale went through. */
    membershipId: uuid('membership_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.idempotencyKey] }),
    foreignKey({
      name: 'portal_joins_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('cascade'),
  ],
);
