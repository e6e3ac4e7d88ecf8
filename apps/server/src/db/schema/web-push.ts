import { sql } from 'drizzle-orm';
import {
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
import { createdAt } from './columns.ts';
import { members } from './members.ts';
import { organizationId } from './tenant-columns.ts';

/*
 * Web Push (docs/product/member-portal.md#notifications). A member's browser subscribes through
 * the portal's service worker; each subscription is one device of one member in one studio.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    memberId: uuid('member_id').notNull(),
    /** The push service's address for this browser (RFC 8030). */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (RFC 8291), base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ name: 'push_subscriptions_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'push_subscriptions_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('cascade'),
    unique('push_subscriptions_org_endpoint_key').on(t.organizationId, t.endpoint),
    index('push_subscriptions_org_member_idx').on(t.organizationId, t.memberId),
  ],
);

/**
 * The server's VAPID key pair (RFC 8292), one for the whole platform, made on first use and kept
 * here so every process signs with the same key (a browser's subscription is bound to it).
 */
export const webPushKeys = pgTable(
  'web_push_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('web_push_keys_single_check', sql`${t.id} = 1`)],
);
