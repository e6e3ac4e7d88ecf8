import {
  BOOKING_STATUSES,
  CLASS_KINDS,
  SESSION_KINDS,
  SESSION_STATUSES,
} from '@fitbase/domain/schedule-constants';
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
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, oneOf, updatedAt } from './columns.ts';
import { gymServices, members, memberVisits } from './members.ts';
import { organizations } from './organizations.ts';

// docs/product/schedule.md describes every table below. Each one leads its keys and indexes
// with organization_id and carries the tenant row-level-security policy (migration 0007).

/** A room or area sessions take place in; a session never holds more people than its room. */
export const facilities = pgTable(
  'facilities',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'facilities_pkey', columns: [t.organizationId, t.id] }),
    uniqueIndex('facilities_org_name_idx').on(t.organizationId, sql`lower(${t.name})`),
    check('facilities_name_check', sql`length(trim(${t.name})) > 0`),
    check('facilities_capacity_check', sql`${t.capacity} > 0`),
  ],
);

/**
 * A class (or a course: a fixed series members enrol in as a whole) and its schedule. The
 * recurrence is an RFC 5545 RRULE evaluated in the organization's time zone from `startsOn`
 * at the wall-clock `startTime`; a one-off class has no rule.
 */
export const scheduleClasses = pgTable(
  'schedule_classes',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CLASS_KINDS }).notNull().default('class'),
    serviceId: uuid('service_id'),
    name: text('name').notNull(),
    description: text('description'),
    capacity: integer('capacity').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    trainerUserId: text('trainer_user_id').references(() => users.id, { onDelete: 'set null' }),
    facilityId: uuid('facility_id'),
    color: text('color').notNull().default('#3b82f6'),
    /** RRULE body without DTSTART (e.g. FREQ=WEEKLY;BYDAY=MO,WE,FR); null = one-off. */
    recurrenceRule: text('recurrence_rule'),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    /** Sessions exist up to this local date; the horizon job moves it forward. */
    generatedUntil: date('generated_until', { mode: 'string' }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'schedule_classes_pkey', columns: [t.organizationId, t.id] }),
    // ON DELETE SET NULL (service_id) in migration 0049: only the reference is cleared, organization_id stays.
    foreignKey({
      name: 'schedule_classes_service_fk',
      columns: [t.organizationId, t.serviceId],
      foreignColumns: [gymServices.organizationId, gymServices.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'schedule_classes_facility_fk',
      columns: [t.organizationId, t.facilityId],
      foreignColumns: [facilities.organizationId, facilities.id],
    }),
    index('schedule_classes_org_name_idx').on(t.organizationId, t.name),
    check('schedule_classes_kind_check', oneOf(t.kind, CLASS_KINDS)),
    check('schedule_classes_name_check', sql`length(trim(${t.name})) > 0`),
    check('schedule_classes_capacity_check', sql`${t.capacity} > 0`),
    check('schedule_classes_duration_check', sql`${t.durationMinutes} between 5 and 1440`),
  ],
);

/**
 * One stored occurrence: a class session, or a one-to-one appointment (kind 'appointment',
 * no class). `occurrenceStart` is the instant the rule generated it, so regenerating the
 * horizon never duplicates a session, and a session moved by hand keeps its identity.
 */
export const classSessions = pgTable(
  'class_sessions',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SESSION_KINDS }).notNull().default('class'),
    classId: uuid('class_id'),
    serviceId: uuid('service_id'),
    name: text('name').notNull(),
    occurrenceStart: timestamp('occurrence_start', { withTimezone: true }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    trainerUserId: text('trainer_user_id').references(() => users.id, { onDelete: 'set null' }),
    facilityId: uuid('facility_id'),
    color: text('color').notNull().default('#3b82f6'),
    status: text('status', { enum: SESSION_STATUSES }).notNull().default('scheduled'),
    /** Changed on its own ("this session"): a series edit no longer rewrites it. */
    detached: boolean('detached').notNull().default(false),
    /** Booked + attended + no-show places taken; kept in the booking transaction. */
    bookedCount: integer('booked_count').notNull().default(0),
    waitlistCount: integer('waitlist_count').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** Set when attendance was closed: remaining bookings became no-shows. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'class_sessions_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'class_sessions_class_fk',
      columns: [t.organizationId, t.classId],
      foreignColumns: [scheduleClasses.organizationId, scheduleClasses.id],
    }).onDelete('cascade'),
    // ON DELETE SET NULL (service_id) in migration 0049: only the reference is cleared, organization_id stays.
    foreignKey({
      name: 'class_sessions_service_fk',
      columns: [t.organizationId, t.serviceId],
      foreignColumns: [gymServices.organizationId, gymServices.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'class_sessions_facility_fk',
      columns: [t.organizationId, t.facilityId],
      foreignColumns: [facilities.organizationId, facilities.id],
    }),
    uniqueIndex('class_sessions_class_occurrence_idx').on(
      t.organizationId,
      t.classId,
      t.occurrenceStart,
    ),
    index('class_sessions_org_start_idx').on(t.organizationId, t.startsAt),
    index('class_sessions_org_trainer_start_idx').on(t.organizationId, t.trainerUserId, t.startsAt),
    index('class_sessions_org_facility_start_idx').on(t.organizationId, t.facilityId, t.startsAt),
    check('class_sessions_kind_check', oneOf(t.kind, SESSION_KINDS)),
    check('class_sessions_status_check', oneOf(t.status, SESSION_STATUSES)),
    check('class_sessions_capacity_check', sql`${t.capacity} > 0`),
    check('class_sessions_time_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('class_sessions_counts_check', sql`${t.bookedCount} >= 0 and ${t.waitlistCount} >= 0`),
  ],
);

/** A member's place in a session. Waitlist order is `waitlistedAt`, first in first out. */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull(),
    memberId: uuid('member_id').notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull(),
    waitlistedAt: timestamp('waitlisted_at', { withTimezone: true }),
    promotedAt: timestamp('promoted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    visitId: uuid('visit_id'),
    /** The session's times, copied so a member's overlapping bookings are one index probe. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    bookedBy: text('booked_by').references(() => users.id, { onDelete: 'set null' }),
    /** The membership that paid for this booking (a credit, or a weekly-limit slot). */
    membershipId: uuid('membership_id'),
    /** A credit was taken from the membership (refunded on cancel, kept by a credit penalty). */
    creditUsed: boolean('credit_used').notNull().default(false),
    /** The class reminder went out (claimed once by the reminders job, docs/product/member-portal.md#notifications). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'bookings_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'bookings_session_fk',
      columns: [t.organizationId, t.sessionId],
      foreignColumns: [classSessions.organizationId, classSessions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'bookings_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('cascade'),
    // ON DELETE SET NULL (visit_id) in migration 0049: only the reference is cleared, organization_id stays.
    foreignKey({
      name: 'bookings_visit_fk',
      columns: [t.organizationId, t.visitId],
      foreignColumns: [memberVisits.organizationId, memberVisits.id],
    }).onDelete('set null'),
    // One live booking per member and session: the database refuses the second.
    uniqueIndex('bookings_live_member_session_idx')
      .on(t.organizationId, t.sessionId, t.memberId)
      .where(sql`${t.status} in ('booked', 'waitlisted', 'attended', 'no_show')`),
    index('bookings_org_session_idx').on(t.organizationId, t.sessionId, t.status),
    index('bookings_org_member_start_idx').on(t.organizationId, t.memberId, t.startsAt),
    // Reports: bookings made in a period (first bookings).
    index('bookings_org_created_idx').on(t.organizationId, t.createdAt),
    // Reports: a member's first-ever booking made (first bookings) is one probe per member.
    index('bookings_org_member_created_idx').on(t.organizationId, t.memberId, t.createdAt),
    // Reports: the No shows report reads only no-shows (about a tenth of the bookings).
    index('bookings_org_session_no_show_idx')
      .on(t.organizationId, t.sessionId)
      .where(sql`${t.status} = 'no_show'`),
    // Class reminders: the booked places still waiting for theirs, by start.
    index('bookings_reminder_due_idx')
      .on(t.startsAt)
      .where(sql`${t.status} = 'booked' and ${t.reminderSentAt} is null`),
    check('bookings_status_check', oneOf(t.status, BOOKING_STATUSES)),
  ],
);

/** A trainer's weekly availability for appointments, in the organization's wall-clock time. */
export const trainerAvailability = pgTable(
  'trainer_availability',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    trainerUserId: text('trainer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 = Sunday … 6 = Saturday. */
    weekday: smallint('weekday').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'trainer_availability_pkey', columns: [t.organizationId, t.id] }),
    index('trainer_availability_org_trainer_idx').on(t.organizationId, t.trainerUserId),
    check('trainer_availability_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('trainer_availability_time_check', sql`${t.endTime} > ${t.startTime}`),
  ],
);

/** The studio's booking rules (one row per organization; absent = the defaults). */
export const scheduleSettings = pgTable(
  'schedule_settings',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    lateCancelHours: integer('late_cancel_hours').notNull().default(12),
    waitlistCutoffHours: integer('waitlist_cutoff_hours').notNull().default(2),
    /** Minutes before the start at which booking closes (0 = at the start). */
    bookingClosesMinutes: integer('booking_closes_minutes').notNull().default(0),
    autoNoShow: boolean('auto_no_show').notNull().default(true),
    noShowAfterMinutes: integer('no_show_after_minutes').notNull().default(30),
    /** Penalties as data ({ kind: 'none' } until memberships add credits and fees). */
    lateCancelPenalty: jsonb('late_cancel_penalty').notNull().default({ kind: 'none' }),
    noShowPenalty: jsonb('no_show_penalty').notNull().default({ kind: 'none' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('schedule_settings_hours_check', sql`${t.lateCancelHours} between 0 and 168`),
    check('schedule_settings_cutoff_check', sql`${t.waitlistCutoffHours} between 0 and 168`),
    check('schedule_settings_closes_check', sql`${t.bookingClosesMinutes} between -1440 and 1440`),
    check('schedule_settings_no_show_check', sql`${t.noShowAfterMinutes} between 0 and 1440`),
  ],
);
