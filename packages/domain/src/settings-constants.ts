/**
 * Settings and data (docs/product/settings-and-data.md): notification events, audit actions,
 * imports and the FitBase subscription's invoices.
 */

/** What can reach a person: by email, in the bell, or both (their Notifications tab). */
export const NOTIFICATION_EVENTS = [
  'new_member',
  'new_lead',
  /** A prospect joined online (docs/product/member-portal.md#join-online). */
  'online_join',
  'trial_request',
  'booking_cancelled',
  'waitlist_promoted',
  'payment_failed',
  'message_received',
  'daily_summary',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  new_member: 'New member',
  new_lead: 'New lead',
  online_join: 'Online joins',
  trial_request: 'New trial request',
  booking_cancelled: 'Booking cancellations',
  waitlist_promoted: 'Waitlist promotions',
  payment_failed: 'Failed payments',
  message_received: 'Replies in two-way messaging',
  daily_summary: 'Daily summary',
};

/** Defaults for a person who never opened the Notifications tab. */
export const DEFAULT_EMAIL_EVENTS: readonly NotificationEvent[] = [
  'new_lead',
  'online_join',
  'trial_request',
  'payment_failed',
];
export const DEFAULT_BELL_EVENTS: readonly NotificationEvent[] = NOTIFICATION_EVENTS.filter(
  (e) => e !== 'daily_summary',
);

export const AUDIT_ACTIONS = ['insert', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const IMPORT_KINDS = ['members', 'memberships', 'visits', 'leads'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_STATUSES = ['queued', 'running', 'completed', 'failed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_DATE_FORMATS = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY'] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_UNDO_HOURS = 24;
export const EXPORT_LINK_DAYS = 7;

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;

export const INVOICE_STATUSES = ['paid', 'open', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Global search: at most this many results, grouped by kind. */
export const SEARCH_RESULT_LIMIT = 20;
export const SEARCH_KINDS = ['member', 'lead', 'staff', 'class', 'product', 'help'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
