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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, oneOf, updatedAt } from './columns.ts';
import { members } from './members.ts';
import { organizations } from './organizations.ts';
import { organizationId, timestamptz } from './tenant-columns.ts';

/*
 * The check-in kiosk (docs/product/kiosk.md). A kiosk is a device an owner or admin paired; it
 * holds a token (only its SHA-256 is kept) that can check members in and read today's sessions
 * of its studio, nothing else.
 */
export const kiosks = pgTable(
  'kiosks',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    /** SHA-256 (hex) of the device's token; null until the pairing code is used. */
    tokenHash: text('token_hash'),
    /** SHA-256 (hex) of the short pairing code shown once; cleared when used. */
    pairingCodeHash: text('pairing_code_hash'),
    pairingExpiresAt: timestamptz('pairing_expires_at'),
    pairedAt: timestamptz('paired_at'),
    lastSeenAt: timestamptz('last_seen_at'),
    revokedAt: timestamptz('revoked_at'),
    /** Failed identifications in the current window (a per-kiosk limit on guessing). */
    failedTries: integer('failed_tries').notNull().default(0),
    failedWindowStartedAt: timestamptz('failed_window_started_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'kiosks_pkey', columns: [t.organizationId, t.id] }),
    // Looked up before any studio is known (the token or code is all a device has): the hash
    // leads; organization_id follows, as a sharded database needs it in every unique key.
    uniqueIndex('kiosks_token_hash_idx').on(t.tokenHash, t.organizationId),
    uniqueIndex('kiosks_pairing_code_hash_idx').on(t.pairingCodeHash, t.organizationId),
    index('kiosks_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

export const KIOSK_IDENTIFY_BY = ['phone_and_pin', 'member_number'] as const;

/** How members identify themselves without a QR code, and the check-in window. */
export const kioskSettings = pgTable(
  'kiosk_settings',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    identifyBy: text('identify_by', { enum: KIOSK_IDENTIFY_BY }).notNull().default('phone_and_pin'),
    windowBeforeMinutes: integer('window_before_minutes').notNull().default(60),
    windowAfterMinutes: integer('window_after_minutes').notNull().default(15),
    /** The studio's salt for PIN hashes, which kiosks need to check a PIN offline. */
    pinSalt: text('pin_salt')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('kiosk_settings_identify_by_check', oneOf(t.identifyBy, KIOSK_IDENTIFY_BY)),
    check(
      'kiosk_settings_window_check',
      sql`${t.windowBeforeMinutes} between 0 and 720 and ${t.windowAfterMinutes} between 0 and 720`,
    ),
  ],
);

/**
 * Every check-in a kiosk made, online or sent later from its offline queue. The client's id
 * makes a queued check-in count exactly once; `exceptionCode` marks one the server would have
 * refused (recorded anyway, for staff: `Kiosk exceptions`).
 */
export const kioskCheckIns = pgTable(
  'kiosk_check_ins',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    kioskId: uuid('kiosk_id').notNull(),
    clientId: uuid('client_id').notNull(),
    memberId: uuid('member_id').notNull(),
    sessionId: uuid('session_id'),
    bookingId: uuid('booking_id'),
    visitId: uuid('visit_id'),
    /** When the member checked in at the device (the original time of a queued one). */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true, mode: 'date' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    offline: boolean('offline').notNull().default(false),
    exceptionCode: text('exception_code'),
    exceptionMessage: text('exception_message'),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ name: 'kiosk_check_ins_pkey', columns: [t.organizationId, t.id] }),
    unique('kiosk_check_ins_org_client_key').on(t.organizationId, t.clientId),
    foreignKey({
      name: 'kiosk_check_ins_kiosk_fk',
      columns: [t.organizationId, t.kioskId],
      foreignColumns: [kiosks.organizationId, kiosks.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'kiosk_check_ins_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('cascade'),
    index('kiosk_check_ins_open_exceptions_idx')
      .on(t.organizationId, t.checkedInAt.desc())
      .where(sql`${t.exceptionCode} is not null and ${t.resolvedAt} is null`),
  ],
);
