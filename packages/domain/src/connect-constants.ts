/**
 * Connect and communications (docs/product/connect-and-messaging.md): the enumerations every
 * layer shares. Campaign statuses are the spec's three: a campaign is `active` from the moment
 * it is scheduled or sending until its last recipient is done, then `sent`.
 */
export const CAMPAIGN_STATUSES = ['draft', 'active', 'sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Default and bounds of a campaign's sending rate, in messages per second. */
export const DEFAULT_SEND_RATE_PER_SECOND = 10;
export const MAX_SEND_RATE_PER_SECOND = 100;

/** One recipient's delivery. */
export const DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * An open seen within this many seconds of sending is counted apart as a machine open: mail
 * privacy proxies (Apple Mail Privacy Protection, Gmail's image proxy) fetch the pixel on
 * delivery, not when a person reads the message.
 */
export const MACHINE_OPEN_WINDOW_SECONDS = 10;

/** What a tracked email event records. */
export const EMAIL_EVENT_KINDS = ['open', 'machine_open', 'click', 'unsubscribe'] as const;
export type EmailEventKind = (typeof EMAIL_EVENT_KINDS)[number];

/** Default tag colour and the eight presets (spec constants). */
export const DEFAULT_TAG_COLOR = '#3b82f6';
export const TAG_COLORS = [
  '#3b82f6',
  '#10b981',
  '#ef4444',
  '#8b5cf6',
  '#f59e0b',
  '#ec4899',
  '#6366f1',
  '#f97316',
] as const;

/** A group (audience) is kept by hand or computed from rules. */
export const AUDIENCE_KINDS = ['manual', 'dynamic'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

export const LEAD_STATUSES = ['new', 'contacted', 'trial', 'converted', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const TEMPLATE_STATUSES = ['active', 'archived'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

export const MESSAGE_DIRECTIONS = ['out', 'in'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

export const CONVERSATION_STATUSES = ['open', 'resolved'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const TASK_PRIORITIES = ['high', 'medium'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const AUTOMATION_TRIGGERS = [
  'member_joined',
  'first_visit',
  'no_visit_days',
  'membership_expiring_days',
  'membership_cancelled',
  'birthday',
  'trial_ending',
  'lead_created',
  'class_booked',
  'first_class_attended',
] as const;
export type AutomationTrigger = (typeof AUTOMATION_TRIGGERS)[number];

/** Triggers that take a number of days (`trigger_days`). */
export const AUTOMATION_TRIGGERS_WITH_DAYS = [
  'no_visit_days',
  'membership_expiring_days',
  'trial_ending',
] as const satisfies readonly AutomationTrigger[];

export const AUTOMATION_STEP_KINDS = [
  'wait',
  'send_email',
  'add_tag',
  'remove_tag',
  'notify_staff',
] as const;
export type AutomationStepKind = (typeof AUTOMATION_STEP_KINDS)[number];

export const AUTOMATION_RUN_STATUSES = ['waiting', 'completed', 'failed', 'skipped'] as const;
export type AutomationRunStatus = (typeof AUTOMATION_RUN_STATUSES)[number];

/** Inbound mail larger than this is refused at SMTP time. */
export const INBOUND_MAX_BYTES = 10 * 1024 * 1024;
