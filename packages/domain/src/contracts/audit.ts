import { z } from 'zod';
import { AUDIT_ACTIONS } from '../settings-constants.ts';

/** The studio's audit log (docs/product/settings-and-data.md#audit-log). Read-only. */

/** The areas a person filters by: the audited tables, with the names people use for them. */
export const AUDIT_TABLE_LABELS = {
  organizations: 'Studio settings',
  organization_users: 'Staff',
  staff_invitations: 'Staff invitations',
  members: 'Members',
  member_payment_methods: 'Payment methods',
  member_visits: 'Visits',
  gym_services: 'Services',
  tags: 'Tags',
  member_tags: 'Member tags',
  audiences: 'Audiences',
  lead_sources: 'Lead sources',
  leads: 'Leads',
  campaigns: 'Campaigns',
  automations: 'Automations',
  email_templates: 'Email templates',
  staff_tasks: 'Tasks',
  plans: 'Plans',
  memberships: 'Memberships',
  ledger_entries: 'Payments',
  products: 'Products',
  discount_codes: 'Discount codes',
  orders: 'Orders',
  pay_rates: 'Pay rates',
  facilities: 'Facilities',
  schedule_classes: 'Classes',
  class_sessions: 'Class sessions',
  bookings: 'Bookings',
  trainer_availability: 'Trainer availability',
  schedule_settings: 'Schedule settings',
  data_imports: 'Imports',
  kiosks: 'Kiosks',
  kiosk_settings: 'Kiosk settings',
  kiosk_check_ins: 'Kiosk check-ins',
} as const;
export type AuditTable = keyof typeof AUDIT_TABLE_LABELS;
export const AUDIT_TABLES = Object.keys(AUDIT_TABLE_LABELS) as [AuditTable, ...AuditTable[]];

export const AUDIT_ACTION_LABELS = { insert: 'Created', update: 'Changed', delete: 'Deleted' };

export const AUDIT_PAGE_MAX = 100;
const isoDate = z.iso.date('Dates are YYYY-MM-DD');

export const auditQuerySchema = z.object({
  actorUserId: z.string().trim().min(1).max(100).optional(),
  entity: z.enum(AUDIT_TABLES, 'Choose one of the listed areas').optional(),
  action: z.enum(AUDIT_ACTIONS, 'Action is insert, update or delete').optional(),
  /** Days in the studio's time zone, both included. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
export type AuditFilterQuery = Omit<AuditQuery, 'cursor' | 'limit'>;

export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  actorUserId: z.string().nullable(),
  /** The studio's name for the person, null when they no longer have an account. */
  actorName: z.string().nullable(),
  actorIp: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.string(),
  recordId: z.string().nullable(),
  /** For an update, only the changed columns; the whole row for an insert (after) or delete (before). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});

/** The people the person filter offers: the studio's staff. */
export const auditPeopleSchema = z.object({
  people: z.array(z.object({ userId: z.string(), name: z.string() })),
});
